import type { DB } from "../db.server";
import { recordAttempt, undoAttempt } from "../models/login-attempt.server";
import { ACCOUNT_RULE, decide, IP_RULE, type RateLimitRule } from "./rate-limit";

export interface LimitKey {
  key: string;
  rule: RateLimitRule;
}

export type Reservation =
  | { allowed: true; /** Takes the attempts back (a sign-in that succeeded does not count). */ release(): Promise<void> }
  | { allowed: false; retryAfterSeconds: number };

/**
 * Records one attempt under every key first and then decides, so concurrent attempts (on any app instance)
 * cannot all pass a check made before any of them was counted. A refused attempt is taken back at once: it
 * was never tried, so it does not push the wait further out.
 */
export async function reserveAttempt(db: DB, keys: LimitKey[], now = Date.now()): Promise<Reservation> {
  const recorded = await Promise.all(
    keys.map(async ({ key, rule }) => ({ key, rule, ...(await recordAttempt(db, key, rule.windowMs, now)) })),
  );
  const undoAll = () => Promise.all(recorded.map((r) => undoAttempt(db, r.key, r.windowStart))).then(() => undefined);
  let retryAfterSeconds = 0;
  for (const r of recorded) {
    const decision = decide(r.rule, r, now);
    if (!decision.allowed) retryAfterSeconds = Math.max(retryAfterSeconds, decision.retryAfterSeconds);
  }
  if (retryAfterSeconds > 0) {
    await undoAll();
    return { allowed: false, retryAfterSeconds };
  }
  return { allowed: true, release: undoAll };
}

/** The limiter's keys for a sign-in: the account (by its case-folded email) and the client's address. */
export function signInKeys(emailKey: string, ip: string): LimitKey[] {
  return [
    { key: `account:${emailKey}`, rule: ACCOUNT_RULE },
    { key: `ip:${ip}`, rule: IP_RULE },
  ];
}

/** New accounts per address: ten an hour is plenty for a household or a class, and stops bulk sign-ups. */
export const SIGN_UP_RULE: RateLimitRule = { limit: 10, windowMs: 60 * 60_000 };

export function signUpKeys(ip: string): LimitKey[] {
  return [{ key: `signup-ip:${ip}`, rule: SIGN_UP_RULE }];
}
