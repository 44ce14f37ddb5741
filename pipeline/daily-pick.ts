import { daysBetween, type IsoDate } from "~/lib/daily-date";

/**
 * The automatic choice of the poem of the day, as pure functions (pipeline/schedule.ts feeds them from the
 * database). Rules: a candidate is a poem of 4 to 60 lines; a poem is never shown twice within 365 days;
 * a poet is never shown twice within 7 days. Among the poems the rules allow, a date takes the one with the
 * lowest hash of (date, poem id): the same corpus gives the same pick, the order rows come in does not
 * matter, and adding a poem to the corpus moves only the dates that new poem wins.
 */

export const MIN_LINES = 4;
export const MAX_LINES = 60;
/** Days within which a poem is not shown again (dates 364 days apart are "within 365 days"). */
export const POEM_GAP_DAYS = 365;
/** Days within which a poet is not shown again. */
export const POET_GAP_DAYS = 7;

export interface Candidate {
  id: string;
  poetId: number;
}

export interface ScheduledEntry {
  date: IsoDate;
  poemId: string;
  poetId: number;
}

export interface Pick {
  poemId: string;
  poetId: number;
  /**
   * True when no poem kept poets 7 days apart (a corpus with fewer poets than that, or a tight pinned
   * stretch): the pick then takes the poet seen longest ago. Poems are never repeated within 365 days.
   */
  relaxed: boolean;
}

export function isSuitableLength(lineCount: number): boolean {
  return lineCount >= MIN_LINES && lineCount <= MAX_LINES;
}

/** cyrb53: a fast, well-mixed 53-bit string hash (not cryptographic; only needs to be stable). */
export function hash53(text: string, seed = 0): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** The order of candidates for a date: lower wins; ties (never in practice) go to the smaller id. */
export function rank(date: IsoDate, poemId: string): number {
  return hash53(`${date}|${poemId}`);
}

/**
 * The poem for `date`, given every entry already scheduled near it (before or after; entries further than
 * 365 days away are ignored). Null when every candidate was shown within 365 days.
 */
export function pickPoem(date: IsoDate, candidates: readonly Candidate[], scheduled: readonly ScheduledEntry[]): Pick | null {
  const recentPoems = new Set<string>();
  // For each poet seen within 7 days: the distance to the nearest of their days.
  const poetDistance = new Map<number, number>();
  for (const entry of scheduled) {
    const distance = Math.abs(daysBetween(date, entry.date));
    if (distance < POEM_GAP_DAYS) recentPoems.add(entry.poemId);
    if (distance < POET_GAP_DAYS) {
      poetDistance.set(entry.poetId, Math.min(distance, poetDistance.get(entry.poetId) ?? Infinity));
    }
  }

  let best: { candidate: Candidate; score: number; distance: number } | null = null;
  for (const candidate of candidates) {
    if (recentPoems.has(candidate.id)) continue;
    // Infinity: the poet is free; otherwise, the further their nearest day, the better.
    const distance = poetDistance.get(candidate.poetId) ?? Infinity;
    const score = rank(date, candidate.id);
    if (
      !best ||
      distance > best.distance ||
      (distance === best.distance && (score < best.score || (score === best.score && candidate.id < best.candidate.id)))
    ) {
      best = { candidate, score, distance };
    }
  }
  if (!best) return null;
  return { poemId: best.candidate.id, poetId: best.candidate.poetId, relaxed: best.distance !== Infinity };
}
