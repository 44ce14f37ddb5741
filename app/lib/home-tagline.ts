/**
 * The home page's typed tagline (spec sections 4 and 9). After a start delay it types a quotation, holds
 * it, deletes it, then types the fixed phrase and ends with three cursor blinks. The timing is a pure
 * step function so it can be tested without timers; the component only schedules the returned delays.
 */

export const FINAL_TAGLINE = "poems accessible to all";

export const TAGLINE_TIMING = {
  startDelayMs: 1800,
  typeMs: 50,
  deleteMs: 75,
  /** Deletion waits 75 ms plus up to this much more, so it feels typed by a hand, not a metronome. */
  deleteJitterMs: 30,
  /** How long the finished quotation stays before it is deleted (not fixed by the spec). */
  holdMs: 2200,
  blinkCycleMs: 800,
  blinks: 3,
} as const;

export interface TaglineQuote {
  text: string;
  author: string;
}

/** Fifteen short public-domain lines; the home page shows one at random, never the same twice running. */
export const TAGLINE_QUOTES: readonly TaglineQuote[] = [
  { text: "A thing of beauty is a joy for ever", author: "John Keats" },
  { text: "Hope is the thing with feathers", author: "Emily Dickinson" },
  { text: "I wandered lonely as a cloud", author: "William Wordsworth" },
  { text: "Tyger Tyger, burning bright", author: "William Blake" },
  { text: "Shall I compare thee to a summer's day?", author: "William Shakespeare" },
  { text: "I celebrate myself, and sing myself", author: "Walt Whitman" },
  { text: "Remember me when I am gone away", author: "Christina Rossetti" },
  { text: "'Tis better to have loved and lost", author: "Alfred, Lord Tennyson" },
  { text: "O wild West Wind, thou breath of Autumn's being", author: "Percy Bysshe Shelley" },
  { text: "How do I love thee? Let me count the ways.", author: "Elizabeth Barrett Browning" },
  { text: "Quoth the Raven, \u201cNevermore.\u201d", author: "Edgar Allan Poe" },
  { text: "Water, water, every where, nor any drop to drink", author: "Samuel Taylor Coleridge" },
  { text: "Loveliest of trees, the cherry now", author: "A. E. Housman" },
  { text: "Glory be to God for dappled things", author: "Gerard Manley Hopkins" },
  { text: "She walks in beauty, like the night", author: "Lord Byron" },
];

/** The quotation as it is typed: the line, then its poet. */
export function quoteLine(quote: TaglineQuote): string {
  return `\u201c${quote.text}\u201d \u2014 ${quote.author}`;
}

/** A random quotation index, different from `previous` when there is one (the set "rotates"). */
export function pickQuoteIndex(random: () => number, previous?: number | null, count = TAGLINE_QUOTES.length): number {
  if (count <= 1) return 0;
  const hasPrevious = previous != null && previous >= 0 && previous < count;
  const choices = hasPrevious ? count - 1 : count;
  const pick = Math.min(choices - 1, Math.floor(random() * choices));
  return hasPrevious && pick >= previous ? pick + 1 : pick;
}

export type TaglinePhase = "initial" | "typing" | "deleting" | "final" | "blinking" | "done";

export interface TaglineState {
  phase: TaglinePhase;
  /** The characters on screen. */
  text: string;
  cursorVisible: boolean;
  /** Cursor half-cycles shown so far while blinking (two per blink). */
  halfBlinks: number;
}

export const INITIAL_TAGLINE: TaglineState = { phase: "initial", text: "", cursorVisible: true, halfBlinks: 0 };

/** What a reader without animation sees at once: the final phrase, no cursor. */
export const FINISHED_TAGLINE: TaglineState = {
  phase: "done",
  text: FINAL_TAGLINE,
  cursorVisible: false,
  halfBlinks: TAGLINE_TIMING.blinks * 2,
};

export interface TaglineStep {
  /** Milliseconds to wait before showing `state`. */
  delay: number;
  state: TaglineState;
}

/** The next state and how long to wait for it; null once the tagline has finished. */
export function nextTaglineStep(state: TaglineState, quote: string, random: () => number = Math.random): TaglineStep | null {
  const t = TAGLINE_TIMING;
  switch (state.phase) {
    case "initial":
      return { delay: t.startDelayMs, state: { ...state, phase: "typing", text: "" } };
    case "typing":
      if (state.text.length < quote.length) {
        return { delay: t.typeMs, state: { ...state, text: quote.slice(0, state.text.length + 1) } };
      }
      return { delay: t.holdMs, state: { ...state, phase: "deleting" } };
    case "deleting":
      if (state.text.length > 0) {
        const jitter = Math.round(Math.min(1, Math.max(0, random())) * t.deleteJitterMs);
        return { delay: t.deleteMs + jitter, state: { ...state, text: state.text.slice(0, -1) } };
      }
      return { delay: t.typeMs, state: { ...state, phase: "final", text: "" } };
    case "final":
      if (state.text.length < FINAL_TAGLINE.length) {
        return { delay: t.typeMs, state: { ...state, text: FINAL_TAGLINE.slice(0, state.text.length + 1) } };
      }
      return { delay: t.blinkCycleMs / 2, state: { ...state, phase: "blinking", cursorVisible: false, halfBlinks: 1 } };
    case "blinking":
      if (state.halfBlinks < t.blinks * 2) {
        return {
          delay: t.blinkCycleMs / 2,
          state: { ...state, cursorVisible: !state.cursorVisible, halfBlinks: state.halfBlinks + 1 },
        };
      }
      return { delay: t.blinkCycleMs / 2, state: FINISHED_TAGLINE };
    case "done":
      return null;
  }
}

/** Every state from the start to the end, with the time it appears: used by tests and for reasoning. */
export function taglineTimeline(quote: string, random: () => number = Math.random): { at: number; state: TaglineState }[] {
  const timeline = [{ at: 0, state: INITIAL_TAGLINE }];
  let at = 0;
  let state = INITIAL_TAGLINE;
  for (let step = nextTaglineStep(state, quote, random); step; step = nextTaglineStep(state, quote, random)) {
    at += step.delay;
    state = step.state;
    timeline.push({ at, state });
  }
  return timeline;
}
