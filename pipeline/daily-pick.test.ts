import { describe, expect, test } from "vitest";
import { addDays } from "~/lib/daily-date";
import { type Candidate, isSuitableLength, pickPoem, type ScheduledEntry } from "./daily-pick";

function candidates(poets: number, perPoet: number): Candidate[] {
  const list: Candidate[] = [];
  for (let poet = 1; poet <= poets; poet++) {
    for (let n = 0; n < perPoet; n++) list.push({ id: `p${poet}-${n}`, poetId: poet });
  }
  return list;
}

/** Fills `days` dates from `from` in order, as the scheduler does. */
function fill(from: string, days: number, pool: Candidate[], start: ScheduledEntry[] = []): ScheduledEntry[] {
  const scheduled = [...start];
  for (let i = 0; i < days; i++) {
    const date = addDays(from, i);
    const pick = pickPoem(date, pool, scheduled);
    if (pick) scheduled.push({ date, poemId: pick.poemId, poetId: pick.poetId });
  }
  return scheduled;
}

describe("pickPoem", () => {
  test("lengths suited to a daily read: 4 to 60 lines", () => {
    expect([3, 4, 60, 61].map(isSuitableLength)).toEqual([false, true, true, false]);
  });

  test("the same date and candidates give the same poem, whatever their order", () => {
    const pool = candidates(10, 5);
    const a = pickPoem("2026-11-22", pool, []);
    const b = pickPoem("2026-11-22", [...pool].reverse(), []);
    expect(a).toEqual(b);
    // Different dates spread over the pool rather than always taking the first.
    const picks = new Set(Array.from({ length: 20 }, (_, i) => pickPoem(addDays("2026-01-01", i), pool, [])?.poemId));
    expect(picks.size).toBeGreaterThan(10);
  });

  test("no poem twice within 365 days, no poet twice within 7 days", () => {
    const scheduled = fill("2026-01-01", 400, candidates(12, 40));
    expect(scheduled).toHaveLength(400);
    const broken: string[] = [];
    for (const a of scheduled) {
      for (const b of scheduled) {
        if (a === b) continue;
        const gap = Math.abs((Date.parse(a.date) - Date.parse(b.date)) / 86_400_000);
        if (gap < 365 && a.poemId === b.poemId) broken.push(`poem ${a.poemId} on ${a.date} and ${b.date}`);
        if (gap < 7 && a.poetId === b.poetId) broken.push(`poet ${a.poetId} on ${a.date} and ${b.date}`);
      }
    }
    expect(broken).toEqual([]);
  });

  test("entries after the date count too (filling a gap between scheduled days)", () => {
    const pool: Candidate[] = [
      { id: "a", poetId: 1 },
      { id: "b", poetId: 2 },
    ];
    const later: ScheduledEntry[] = [{ date: "2026-06-03", poemId: "a", poetId: 1 }];
    expect(pickPoem("2026-06-01", pool, later)?.poemId).toBe("b");
  });

  test("with too few poets the poet seen longest ago is taken and the pick says so", () => {
    const pool = candidates(2, 10);
    const scheduled: ScheduledEntry[] = [
      { date: "2026-06-01", poemId: "p1-0", poetId: 1 },
      { date: "2026-06-04", poemId: "p2-0", poetId: 2 },
    ];
    const pick = pickPoem("2026-06-05", pool, scheduled);
    expect(pick).toMatchObject({ poetId: 1, relaxed: true });
    expect(pickPoem("2026-06-05", candidates(3, 2), scheduled)).toMatchObject({ poetId: 3, relaxed: false });
  });

  test("null when every poem was shown within 365 days", () => {
    const pool: Candidate[] = [{ id: "only", poetId: 1 }];
    expect(pickPoem("2026-12-01", pool, [{ date: "2026-01-01", poemId: "only", poetId: 1 }])).toBeNull();
    expect(pickPoem("2027-01-01", pool, [{ date: "2026-01-01", poemId: "only", poetId: 1 }])?.poemId).toBe("only");
  });
});
