import { describe, expect, it } from "vitest";
import {
  FINAL_TAGLINE,
  FINISHED_TAGLINE,
  INITIAL_TAGLINE,
  nextTaglineStep,
  pickQuoteIndex,
  quoteLine,
  TAGLINE_QUOTES,
  TAGLINE_TIMING,
  taglineTimeline,
} from "./home-tagline";

const QUOTE = "Hope is";

describe("tagline phases", () => {
  it("waits 1800 ms, types at 50 ms a character, holds, deletes, types the fixed phrase, blinks 3 times", () => {
    const timeline = taglineTimeline(QUOTE, () => 0);
    const phases = [...new Set(timeline.map((entry) => entry.state.phase))];
    expect(phases).toEqual(["initial", "typing", "deleting", "final", "blinking", "done"]);

    // Start delay: nothing typed until 1800 ms.
    const firstChar = timeline.find((e) => e.state.text === "H" && e.state.phase === "typing")!;
    expect(firstChar.at).toBe(1800 + 50);

    // Typing grows one character per 50 ms.
    const typed = timeline.filter((e) => e.state.phase === "typing" && e.state.text.length > 0);
    expect(typed.map((e) => e.state.text)).toEqual(["H", "Ho", "Hop", "Hope", "Hope ", "Hope i", "Hope is"]);
    typed.slice(1).forEach((e, i) => expect(e.at - typed[i].at).toBe(50));

    // Deleting removes one character per step, 75 ms each with no jitter.
    const deleting = timeline.filter((e) => e.state.phase === "deleting");
    expect(deleting.map((e) => e.state.text)).toEqual([QUOTE, "Hope i", "Hope ", "Hope", "Hop", "Ho", "H", ""]);
    expect(deleting[0].at - typed.at(-1)!.at).toBe(TAGLINE_TIMING.holdMs);
    deleting.slice(1).forEach((e, i) => expect(e.at - deleting[i].at).toBe(75));

    // Then the fixed phrase, typed at 50 ms a character.
    const final = timeline.filter((e) => e.state.phase === "final");
    expect(final.at(-1)!.state.text).toBe(FINAL_TAGLINE);
    expect(final.length).toBe(FINAL_TAGLINE.length + 1);

    // Three blinks of 800 ms: the cursor goes off three times, and the tagline ends without a cursor.
    const blinking = timeline.filter((e) => e.state.phase === "blinking");
    expect(blinking.map((e) => e.state.cursorVisible)).toEqual([false, true, false, true, false, true]);
    const finalTyped = final.at(-1)!.at;
    const end = timeline.at(-1)!;
    expect(end.state).toEqual(FINISHED_TAGLINE);
    expect(end.at - finalTyped).toBe(3 * 800 + 400);
    expect(nextTaglineStep(FINISHED_TAGLINE, QUOTE)).toBeNull();
  });

  it("adds up to 30 ms of jitter to each deletion", () => {
    const deleting = { ...INITIAL_TAGLINE, phase: "deleting" as const, text: "abc" };
    expect(nextTaglineStep(deleting, "abc", () => 0)!.delay).toBe(75);
    expect(nextTaglineStep(deleting, "abc", () => 0.5)!.delay).toBe(90);
    expect(nextTaglineStep(deleting, "abc", () => 0.9999)!.delay).toBe(105);
    // A random source outside [0, 1) cannot stretch the delay beyond the spec.
    expect(nextTaglineStep(deleting, "abc", () => 7)!.delay).toBe(105);
  });

  it("takes start delay + typing + hold + jittered deletion + final typing + blinks in total", () => {
    const quote = quoteLine(TAGLINE_QUOTES[0]);
    const end = taglineTimeline(quote, () => 1).at(-1)!.at;
    const t = TAGLINE_TIMING;
    expect(end).toBe(
      t.startDelayMs +
        quote.length * t.typeMs +
        t.holdMs +
        quote.length * (t.deleteMs + t.deleteJitterMs) +
        t.typeMs +
        FINAL_TAGLINE.length * t.typeMs +
        (t.blinks * 2 + 1) * (t.blinkCycleMs / 2),
    );
  });
});

describe("tagline quotes", () => {
  it("has 15 distinct, attributed lines", () => {
    expect(TAGLINE_QUOTES).toHaveLength(15);
    expect(new Set(TAGLINE_QUOTES.map((q) => q.text)).size).toBe(15);
    for (const q of TAGLINE_QUOTES) {
      expect(q.text.trim()).not.toBe("");
      expect(q.author.trim()).not.toBe("");
    }
    expect(quoteLine({ text: "Tyger Tyger, burning bright", author: "William Blake" })).toBe(
      "\u201cTyger Tyger, burning bright\u201d \u2014 William Blake",
    );
  });

  it("picks any quote, but never the previous one twice in a row", () => {
    expect(pickQuoteIndex(() => 0)).toBe(0);
    expect(pickQuoteIndex(() => 0.9999)).toBe(14);
    expect(pickQuoteIndex(() => 0, 0)).toBe(1);
    expect(pickQuoteIndex(() => 0.9999, 14)).toBe(13);
    for (let previous = 0; previous < 15; previous++) {
      for (let r = 0; r < 1; r += 0.01) {
        const pick = pickQuoteIndex(() => r, previous);
        expect(pick).not.toBe(previous);
        expect(pick).toBeGreaterThanOrEqual(0);
        expect(pick).toBeLessThan(15);
      }
    }
    // A stale or foreign "previous" is ignored.
    expect(pickQuoteIndex(() => 0, 99)).toBe(0);
  });
});
