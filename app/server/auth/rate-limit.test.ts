import { describe, expect, test } from "vitest";
import { ACCOUNT_RULE, decide, rateLimitMessage, type RateLimitRule, weightedCount, windowStartOf } from "./rate-limit";

const rule: RateLimitRule = { limit: 5, windowMs: 60_000 };
const T0 = 1_800_000_000_000 - (1_800_000_000_000 % 60_000); // a window boundary

describe("windowStartOf", () => {
  test("floors to the window", () => {
    expect(windowStartOf(T0, 60_000)).toBe(T0);
    expect(windowStartOf(T0 + 59_999, 60_000)).toBe(T0);
    expect(windowStartOf(T0 + 60_000, 60_000)).toBe(T0 + 60_000);
  });
});

describe("weightedCount", () => {
  test("the previous window counts fully at the boundary and fades linearly", () => {
    expect(weightedCount(rule, { current: 2, previous: 4 }, T0)).toBe(6);
    expect(weightedCount(rule, { current: 2, previous: 4 }, T0 + 15_000)).toBe(5);
    expect(weightedCount(rule, { current: 2, previous: 4 }, T0 + 30_000)).toBe(4);
    expect(weightedCount(rule, { current: 2, previous: 4 }, T0 + 59_999)).toBeCloseTo(2, 3);
  });
});

describe("decide", () => {
  test("allows up to the limit within one window, then refuses", () => {
    for (let n = 1; n <= 5; n++) expect(decide(rule, { current: n, previous: 0 }, T0 + 1000)).toEqual({ allowed: true });
    const refused = decide(rule, { current: 6, previous: 0 }, T0 + 1000);
    expect(refused.allowed).toBe(false);
  });

  test("a refusal with no previous window waits for the next window plus the fading of this one", () => {
    // 5 prior attempts in this window: in the next one they weigh 5 × (1 − f); one more fits when f ≥ 1/5.
    const refused = decide(rule, { current: 6, previous: 0 }, T0 + 10_000);
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: 50 + 12 });
    const check = weightedCount(rule, { current: 1, previous: 5 }, T0 + 60_000 + 12_000);
    expect(check).toBeLessThanOrEqual(rule.limit);
  });

  test("a refusal caused by the previous window waits only until it has faded enough", () => {
    // 1 prior now + 1 this attempt + 8 × (1 − f) ≤ 5 → f ≥ 5/8 of the window.
    const refused = decide(rule, { current: 2, previous: 8 }, T0 + 30_000);
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: Math.ceil((5 / 8) * 60 - 30) });
    expect(decide(rule, { current: 2, previous: 8 }, T0 + 37_500)).toEqual({ allowed: true });
  });

  test("the wait is never under a second", () => {
    const refused = decide(rule, { current: 2, previous: 4 }, T0 + 14_999);
    expect(refused.allowed).toBe(false);
    if (!refused.allowed) expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
  });

  test("the account rule is five per fifteen minutes", () => {
    expect(ACCOUNT_RULE).toEqual({ limit: 5, windowMs: 900_000 });
  });
});

describe("rateLimitMessage", () => {
  test("rounds up to whole minutes", () => {
    expect(rateLimitMessage(1)).toBe("Too many sign-in attempts. Please try again in 1 minute.");
    expect(rateLimitMessage(61)).toBe("Too many sign-in attempts. Please try again in 2 minutes.");
    expect(rateLimitMessage(900)).toBe("Too many sign-in attempts. Please try again in 15 minutes.");
  });
});
