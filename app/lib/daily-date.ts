/**
 * Calendar dates of the daily poem, as 'YYYY-MM-DD' strings: a date here has no time of day and no time zone
 * (the poem of 2026-03-07 is the same poem for everyone whose calendar says 7 March). Shared by the pages,
 * the API and the scheduler.
 */

export type IsoDate = string;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** The date of a year, month and day if they name a real calendar day (2026-02-30 does not), else null. */
export function calendarDate(year: number, month: number, day: number): IsoDate | null {
  if (![year, month, day].every(Number.isInteger)) return null;
  if (year < 1 || year > 9999 || month < 1 || month > 12 || day < 1) return null;
  const probe = new Date(Date.UTC(2000, month - 1, day));
  probe.setUTCFullYear(year);
  if (probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/**
 * Path segments to a date. `padded: true` (the API) wants a four-digit year and two-digit month and day;
 * otherwise (the pages) month and day may be unpadded, as the spec's links write them.
 */
export function dateFromSegments(
  year: string | undefined,
  month: string | undefined,
  day: string | undefined,
  options: { padded?: boolean } = {},
): IsoDate | null {
  const monthDay = options.padded ? /^\d{2}$/ : /^\d{1,2}$/;
  if (!year || !month || !day || !/^\d{4}$/.test(year) || !monthDay.test(month) || !monthDay.test(day)) return null;
  return calendarDate(Number(year), Number(month), Number(day));
}

/** A 'YYYY-MM-DD' string naming a real day, else null. */
export function parseIsoDate(text: string): IsoDate | null {
  const match = ISO_DATE.exec(text.trim());
  if (!match) return null;
  return calendarDate(Number(match[1]), Number(match[2]), Number(match[3]));
}

function toUtcMs(date: IsoDate): number {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const probe = new Date(Date.UTC(2000, m - 1, d));
  probe.setUTCFullYear(y);
  return probe.getTime();
}

function fromUtcMs(ms: number): IsoDate {
  return new Date(ms).toISOString().slice(0, 10);
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return fromUtcMs(toUtcMs(date) + days * DAY_MS);
}

/** Whole days from `a` to `b` (negative when b is earlier). */
export function daysBetween(a: IsoDate, b: IsoDate): number {
  return Math.round((toUtcMs(b) - toUtcMs(a)) / DAY_MS);
}

export function dateParts(date: IsoDate): { year: number; month: number; day: number } {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return { year, month, day };
}

/** Whether an IANA time zone name is known to this runtime ('Europe/London', 'UTC'). */
export function isTimeZone(name: string): boolean {
  if (!name || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The calendar date at `now` in a time zone (UTC when none or an unknown one is given). */
export function todayIn(timeZone: string | null | undefined, now: Date = new Date()): IsoDate {
  const zone = timeZone && isTimeZone(timeZone) ? timeZone : "UTC";
  const parts = new Intl.DateTimeFormat("en-US", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" })
    .formatToParts(now)
    .reduce<Record<string, string>>((acc, p) => ({ ...acc, [p.type]: p.value }), {});
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/**
 * The latest date that is already "today" somewhere on Earth (UTC+14). A reader whose time zone we do not
 * know may be living on it, so it is not yet the future for them, and a schedule row on or before it may
 * already have been shown.
 */
export function latestTodayOnEarth(now: Date = new Date()): IsoDate {
  return fromUtcMs(now.getTime() + 14 * 3_600_000);
}

const LONG_DATE = new Intl.DateTimeFormat("en-US", {
  weekday: "long",
  year: "numeric",
  month: "long",
  day: "numeric",
  timeZone: "UTC",
});
const MONTH_YEAR = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", timeZone: "UTC" });

/** 'Sunday, November 22, 2026'. */
export function longDate(date: IsoDate): string {
  return LONG_DATE.format(new Date(toUtcMs(date)));
}

/** 'YYYY-MM' of a date. */
export function monthOf(date: IsoDate): string {
  return date.slice(0, 7);
}

/** A 'YYYY-MM' string naming a real month, else null. */
export function parseMonth(text: string | null | undefined): string | null {
  const match = /^(\d{4})-(\d{2})$/.exec(text?.trim() ?? "");
  if (!match) return null;
  const date = calendarDate(Number(match[1]), Number(match[2]), 1);
  return date ? date.slice(0, 7) : null;
}

/** 'November 2026' for '2026-11'. */
export function monthLabel(month: string): string {
  return MONTH_YEAR.format(new Date(toUtcMs(`${month}-01`)));
}
