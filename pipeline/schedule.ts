import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { addDays, type IsoDate, latestTodayOnEarth, parseIsoDate } from "~/lib/daily-date";
import type { DB } from "~/server/db.server";
import { PROJECT_ROOT } from "~/server/env.server";
import {
  dailyCandidates,
  insertDailyPoem,
  pinDailyPoem,
  poemForPin,
  scheduleBetween,
} from "~/server/models/daily.server";
import { MAX_LINES, MIN_LINES, pickPoem, POEM_GAP_DAYS, type ScheduledEntry } from "./daily-pick";

/**
 * `poetry schedule`: fills daily_poems for a run of dates. Pinned dates (corpus/daily-pins.json) take their
 * pinned poem; every other empty date gets the automatic pick of pipeline/daily-pick.ts. Days already in the
 * table are kept, so running it again changes nothing; a pin replaces an automatic pick only on a date no
 * reader can have seen yet (after the latest date that is today somewhere on Earth).
 */

export const DEFAULT_PINS_FILE = path.join(PROJECT_ROOT, "corpus", "daily-pins.json");

export interface Pin {
  date: IsoDate;
  /** A poem id or slug. */
  poem: string;
}

const PinsFile = z.object({
  pins: z.array(
    z.object({
      date: z.string().refine((d) => parseIsoDate(d) !== null, "date must be a real day written YYYY-MM-DD"),
      poem: z.string().trim().min(1, "poem must be a poem id or slug"),
    }),
  ),
});

/** The maintainer's pins; a missing file means none. A malformed file is an error naming it. */
export function readPins(file: string = DEFAULT_PINS_FILE): Pin[] {
  if (!existsSync(file)) return [];
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new Error(`${file}: not valid JSON (${error instanceof Error ? error.message : error})`);
  }
  const parsed = PinsFile.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${file}: ${issue?.path.join(".") ?? ""}: ${issue?.message ?? "invalid"}`);
  }
  const seen = new Set<string>();
  for (const pin of parsed.data.pins) {
    if (seen.has(pin.date)) throw new Error(`${file}: ${pin.date} is pinned twice`);
    seen.add(pin.date);
  }
  return parsed.data.pins.map((p) => ({ date: parseIsoDate(p.date)!, poem: p.poem }));
}

export interface ScheduleOptions {
  from: IsoDate;
  days: number;
  pins?: readonly Pin[];
  /** The clock (tests); decides which dates may already have been shown. */
  now?: Date;
}

export interface ScheduleReport {
  from: IsoDate;
  to: IsoDate;
  /** Dates given an automatic pick now. */
  added: IsoDate[];
  /** Dates given (or changed to) their pinned poem now. */
  pinned: IsoDate[];
  /** Dates that were already scheduled and stay as they are. */
  kept: IsoDate[];
  /** Pins not applied, with why (an unknown poem, or a date that may already have been shown). */
  skippedPins: { date: IsoDate; reason: string }[];
  /** Automatic picks that could not keep poets 7 days apart (too few poets). */
  relaxed: IsoDate[];
  /** Dates left empty: every candidate was shown within 365 days. */
  empty: IsoDate[];
}

export async function runSchedule(db: DB, options: ScheduleOptions): Promise<ScheduleReport> {
  const { from, days } = options;
  if (!parseIsoDate(from)) throw new Error(`from must be a real day written YYYY-MM-DD, not '${from}'`);
  if (!Number.isInteger(days) || days < 1) throw new Error("days must be a whole number of at least 1");
  const to = addDays(from, days - 1);
  const frozenThrough = latestTodayOnEarth(options.now);
  const report: ScheduleReport = { from, to, added: [], pinned: [], kept: [], skippedPins: [], relaxed: [], empty: [] };

  const candidates = (await dailyCandidates(db, MIN_LINES, MAX_LINES)).map((c) => ({ id: c.id, poetId: c.poet_id }));
  // Everything that can constrain a date of the run: the schedule up to 365 days either side.
  const window = await scheduleBetween(db, addDays(from, -(POEM_GAP_DAYS - 1)), addDays(to, POEM_GAP_DAYS - 1));
  const byDate = new Map<IsoDate, ScheduledEntry & { auto: boolean }>(
    window.map((r) => [r.date, { date: r.date, poemId: r.poem_id, poetId: r.poet_id, auto: r.auto_selected }]),
  );
  const touched = new Set<IsoDate>();

  // Pins first, so the automatic picks around them respect them.
  for (const pin of options.pins ?? []) {
    if (pin.date < from || pin.date > to) continue;
    const poem = await poemForPin(db, pin.poem);
    if (!poem) {
      report.skippedPins.push({ date: pin.date, reason: `no poem with id or slug '${pin.poem}'` });
      continue;
    }
    const existing = byDate.get(pin.date);
    if (existing && existing.poemId === poem.id) {
      // Already the pinned poem (an automatic pick that happens to match is left as it is).
      continue;
    }
    if (existing && pin.date <= frozenThrough) {
      report.skippedPins.push({ date: pin.date, reason: "the date may already have been shown; it is not changed" });
      continue;
    }
    await pinDailyPoem(db, pin.date, poem.id);
    byDate.set(pin.date, { date: pin.date, poemId: poem.id, poetId: poem.poet_id, auto: false });
    report.pinned.push(pin.date);
    touched.add(pin.date);
  }

  const scheduled: ScheduledEntry[] = [...byDate.values()];
  for (let i = 0; i < days; i++) {
    const date = addDays(from, i);
    if (touched.has(date)) continue;
    if (byDate.has(date)) {
      report.kept.push(date);
      continue;
    }
    const pick = pickPoem(date, candidates, scheduled);
    if (!pick) {
      report.empty.push(date);
      continue;
    }
    if (await insertDailyPoem(db, { date, poem_id: pick.poemId, auto_selected: true })) {
      const entry = { date, poemId: pick.poemId, poetId: pick.poetId, auto: true };
      byDate.set(date, entry);
      scheduled.push(entry);
      report.added.push(date);
      if (pick.relaxed) report.relaxed.push(date);
    } else {
      // Another scheduler got there first: take its row into account for the dates that follow.
      const [row] = await scheduleBetween(db, date, date);
      if (row) scheduled.push({ date, poemId: row.poem_id, poetId: row.poet_id });
      report.kept.push(date);
    }
  }
  return report;
}

/** One paragraph for the console. */
export function describeSchedule(report: ScheduleReport): string {
  const lines = [
    `Schedule ${report.from} to ${report.to}: ${report.added.length} picked, ${report.pinned.length} pinned, ` +
      `${report.kept.length} already scheduled.`,
  ];
  for (const s of report.skippedPins) lines.push(`  pin for ${s.date} not applied: ${s.reason}`);
  if (report.relaxed.length > 0) {
    lines.push(
      `  ${report.relaxed.length} day(s) repeat a poet within 7 days (the corpus has too few poets): ${report.relaxed.join(", ")}`,
    );
  }
  if (report.empty.length > 0) {
    lines.push(`  ${report.empty.length} day(s) left empty (every suitable poem was shown within 365 days): ${report.empty.join(", ")}`);
  }
  return lines.join("\n");
}
