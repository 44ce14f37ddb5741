/**
 * The arithmetic of the sign-in rate limiter (pure; the counters live in the login_attempts table, see
 * app/server/auth/sign-in-limit.server.ts). Each key (an account or an IP address) counts failed attempts in
 * fixed windows, and the previous window is weighed by how much of it still overlaps a sliding window ending
 * now: weighted = current + previous × (1 − elapsed / window). This approximates a true sliding window
 * without keeping a row per attempt, and does not reset all at once at a window boundary.
 */
export interface RateLimitRule {
  /** Attempts allowed within any one window's length. */
  limit: number;
  windowMs: number;
}

/** Five wrong passwords per account, and thirty per address (several people behind one network), per 15 min. */
export const ACCOUNT_RULE: RateLimitRule = { limit: 5, windowMs: 15 * 60_000 };
export const IP_RULE: RateLimitRule = { limit: 30, windowMs: 15 * 60_000 };

export function windowStartOf(now: number, windowMs: number): number {
  return Math.floor(now / windowMs) * windowMs;
}

/** The weighted count at `now`, given the counts of the window holding `now` and of the one before it. */
export function weightedCount(rule: RateLimitRule, counts: { current: number; previous: number }, now: number): number {
  const elapsed = (now - windowStartOf(now, rule.windowMs)) / rule.windowMs;
  return counts.current + counts.previous * (1 - elapsed);
}

export type LimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Whether an attempt is allowed. `counts.current` already includes the attempt being decided (it is recorded
 * first, so concurrent attempts cannot all slip under the limit). When refused, says how long until an
 * attempt would be allowed again if nothing else happened.
 */
export function decide(rule: RateLimitRule, counts: { current: number; previous: number }, now: number): LimitDecision {
  if (weightedCount(rule, counts, now) <= rule.limit) return { allowed: true };
  const start = windowStartOf(now, rule.windowMs);
  // The refused attempt is not kept, so the question is when (previous-weighted) prior attempts + 1 fit.
  const prior = counts.current - 1;
  let waitMs: number;
  if (prior + 1 <= rule.limit && counts.previous > 0) {
    // Still in this window: wait until the previous window's weight has faded enough.
    const fraction = 1 - (rule.limit - prior - 1) / counts.previous;
    waitMs = start + fraction * rule.windowMs - now;
  } else {
    // Only in the next window, where this window's count becomes the faded one.
    const fraction = prior > 0 ? Math.max(0, 1 - (rule.limit - 1) / prior) : 0;
    waitMs = start + rule.windowMs + fraction * rule.windowMs - now;
  }
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
}

/** 'Too many sign-in attempts. Please try again in 12 minutes.' (whole minutes, rounded up; at least 1). */
export function rateLimitMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many sign-in attempts. Please try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
}
