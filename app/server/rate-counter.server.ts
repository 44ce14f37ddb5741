import type { Redis } from "ioredis";
import { type Log, warn } from "./redis.server";

/**
 * Fixed-window call counters for the /api rate limit (api-access.server.ts). A counter records one call of
 * `address` in the window that starts at `windowStart` and answers how many that address has made in it,
 * this one included, or null when the call could not be counted (it is then let through).
 */
export type RateCounter = (address: string, windowStart: number, windowMs: number) => number | null | Promise<number | null>;

/** The single-process counter: a map of this window's addresses, emptied when the window moves on. */
export function memoryRateCounter(maxAddresses = 100_000): RateCounter {
  let current = 0;
  let counts = new Map<string, number>();
  return (address, windowStart) => {
    if (windowStart !== current) {
      current = windowStart;
      counts = new Map();
    }
    // Past maxAddresses new addresses go uncounted, so a flood of spoofed addresses cannot grow the map.
    if (!counts.has(address) && counts.size >= maxAddresses) return null;
    const used = (counts.get(address) ?? 0) + 1;
    counts.set(address, used);
    return used;
  };
}

// INCR and the expiry in one atomic step: two processes counting the same address at once both see their
// own increment, and the key is never left without an expiry (a crash between two commands could).
const COUNT_SCRIPT = `
local used = redis.call('INCR', KEYS[1])
if used == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return used`;

/** The key of one address's count in one window (under the client's REDIS_KEY_PREFIX). */
export function rateKey(address: string, windowStart: number, windowMs: number): string {
  return `api-rate:${windowMs / 1000}:${Math.floor(windowStart / windowMs)}:${address}`;
}

const WARN_EVERY_MS = 60_000;

/**
 * The counter every app process shares, in Redis. When Redis does not answer the call is let through
 * (fail open) and a warning logged, at most once a minute: a rate limit is not worth an outage.
 */
export function redisRateCounter(redis: Redis, log: Log = warn, now: () => number = Date.now): RateCounter {
  let lastWarning = -Infinity;
  return async (address, windowStart, windowMs) => {
    try {
      // Kept a second past the window so clocks a little apart between machines still find it.
      const used = await redis.eval(COUNT_SCRIPT, 1, rateKey(address, windowStart, windowMs), windowMs + 1_000);
      return Number(used);
    } catch (error) {
      if (now() - lastWarning >= WARN_EVERY_MS) {
        lastWarning = now();
        log(`API rate limit not counted (Redis: ${error instanceof Error ? error.message : error}); calls are let through.`);
      }
      return null;
    }
  };
}
