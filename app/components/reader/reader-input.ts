/** Reader input rules (spec sections 2, 5 and 9), kept apart from the component so they can be tested plainly. */

/** Horizontal travel a swipe needs, in CSS pixels. */
export const SWIPE_THRESHOLD_PX = 50;

/** Fade-out before the next poem is fetched, then the slide-in of the new one (spec: about 50 ms then 300 ms). */
export const TRANSITION_OUT_MS = 50;
export const TRANSITION_IN_MS = 300;

/**
 * The step a finished touch gesture asks for: +1 (next) for a swipe to the left, -1 (previous) for a swipe
 * to the right, 0 when it was not a swipe: horizontal travel must exceed 50 px and the vertical travel stay
 * under half of it, so scrolling down a long poem never turns the page.
 */
export function swipeStep(dx: number, dy: number): -1 | 0 | 1 {
  const horizontal = Math.abs(dx);
  if (horizontal <= SWIPE_THRESHOLD_PX || Math.abs(dy) >= horizontal / 2) return 0;
  return dx < 0 ? 1 : -1;
}

/** Left arrow or h: previous; right arrow or l: next (vi-style keys as well as arrows). */
export function keyStep(key: string): -1 | 0 | 1 {
  if (key === "ArrowLeft" || key === "h") return -1;
  if (key === "ArrowRight" || key === "l") return 1;
  return 0;
}

/**
 * The reader position a URL asks for, as a 0-based index into book order: clamped to [0, total - 1];
 * anything that is not a whole number (missing, "abc", "1.5") is 0.
 */
export function clampPosition(raw: string | null, total: number): number {
  const trimmed = raw?.trim() ?? "";
  const value = /^[+-]?\d{1,15}$/.test(trimmed) ? Number(trimmed) : 0;
  return Math.min(Math.max(0, value), Math.max(0, total - 1));
}
