/** The home page's poem counter (spec section 9: 2000 ms with an ease-out curve). */
export const COUNT_UP_MS = 2000;

/** Cubic ease-out: fast at first, settling gently on the final number. */
export function easeOutCubic(t: number): number {
  const clamped = Math.min(1, Math.max(0, t));
  return 1 - (1 - clamped) ** 3;
}

/** The number to show `elapsedMs` into the count, ending exactly on `total`. */
export function countUpValue(elapsedMs: number, total: number, durationMs = COUNT_UP_MS): number {
  if (elapsedMs >= durationMs) return total;
  return Math.round(total * easeOutCubic(elapsedMs / durationMs));
}
