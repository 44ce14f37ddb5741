import { addDays, type IsoDate, isTimeZone } from "./daily-date";

/**
 * Wall-clock times in IANA time zones without a date library: the daily notification is due at a local time
 * ("08:00 in Europe/London"), which is a different UTC instant on either side of a daylight-saving change.
 */

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

interface WallClock {
  date: IsoDate;
  /** Wall-clock milliseconds as if the zone were UTC. */
  wallMs: number;
}

function wallClock(instantMs: number, timeZone: string): WallClock {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(instantMs))) parts[part.type] = part.value;
  const [y, m, d, h, min, s] = [parts.year, parts.month, parts.day, parts.hour, parts.minute, parts.second].map(Number) as number[];
  const probe = new Date(Date.UTC(2000, m! - 1, d!, h!, min!, s!));
  probe.setUTCFullYear(y!);
  return { date: `${parts.year}-${parts.month}-${parts.day}`, wallMs: probe.getTime() };
}

/** The zone's offset from UTC at an instant, in milliseconds (Europe/London in summer: +3,600,000). */
export function zoneOffsetMs(instantMs: number, timeZone: string): number {
  const seconds = Math.floor(instantMs / 1000) * 1000;
  return wallClock(seconds, timeZone).wallMs - seconds;
}

/** The reader's calendar date at an instant. */
export function localDateAt(instant: Date, timeZone: string): IsoDate {
  return wallClock(instant.getTime(), timeZone).date;
}

function dateUtcMs(date: IsoDate): number {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const probe = new Date(Date.UTC(2000, m - 1, d));
  probe.setUTCFullYear(y);
  return probe.getTime();
}

/**
 * The UTC instant of a local date and time in a zone. A time the clocks skip (02:30 on the spring-forward
 * night in New York) is taken as the same length of time after the jump (03:30 daylight time); a time that
 * happens twice (01:30 on the fall-back night) is its first occurrence. This is what Temporal calls
 * "compatible" disambiguation, and what a reader expects of an alarm clock.
 */
export function zonedInstant(date: IsoDate, minutes: number, timeZone: string): Date {
  const wallMs = dateUtcMs(date) + minutes * MINUTE_MS;
  const before = zoneOffsetMs(wallMs - DAY_MS, timeZone);
  const after = zoneOffsetMs(wallMs + DAY_MS, timeZone);
  const matching = [...new Set([before, after])]
    .map((offset) => wallMs - offset)
    .filter((instant) => zoneOffsetMs(instant, timeZone) === wallMs - instant)
    .sort((a, b) => a - b);
  if (matching.length > 0) return new Date(matching[0]!);
  // In the gap: read the wall time with the offset in force before the jump, which lands after it.
  return new Date(wallMs - before);
}

/** The first daily time strictly after `after`: today's if it is still ahead, else tomorrow's (or later). */
export function nextDailyAt(after: Date, minutes: number, timeZone: string): Date {
  let date = localDateAt(after, timeZone);
  for (let i = 0; i < 3; i++) {
    const instant = zonedInstant(date, minutes, timeZone);
    if (instant.getTime() > after.getTime()) return instant;
    date = addDays(date, 1);
  }
  return zonedInstant(date, minutes, timeZone);
}

export { isTimeZone };

/** 'HH:MM' from minutes after midnight, and back (null for anything that is not a real time). */
export function minutesToHhMm(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

export function hhMmToMinutes(text: string): number | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text.trim());
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}
