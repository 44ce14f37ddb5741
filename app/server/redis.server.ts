import { Redis } from "ioredis";
import { env } from "./env.server";

/**
 * The Redis connection that state shared by several app processes lives on (REDIS_URL; today the /api rate
 * limit). Without REDIS_URL nothing here runs and each process keeps that state in its own memory.
 *
 * Redis is an aid, never a dependency of a page: commands fail at once while it is unreachable (no offline
 * queue, one-second timeout) so callers can carry on without it, and the client reconnects on its own. Each
 * outage is logged once, and its end too.
 */

export type Log = (line: string) => void;

/** Where Redis trouble is reported by default: the server's log (stderr). */
export const warn: Log = (line) => process.stderr.write(`${line}\n`);

/** The URL without its password, for log lines. */
export function describeRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(unparsable REDIS_URL)";
  }
}

export function createRedis(url: string, keyPrefix: string, log: Log = warn): Redis {
  const redis = new Redis(url, {
    keyPrefix,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: 1_000,
    connectTimeout: 2_000,
    retryStrategy: (attempt) => Math.min(attempt * 250, 2_000),
  });
  let down = false;
  redis.on("error", (error: Error) => {
    if (down) return;
    down = true;
    log(`Redis at ${describeRedisUrl(url)} is unreachable (${error.message}): shared counters are skipped until it is back.`);
  });
  redis.on("ready", () => {
    if (down) log(`Redis at ${describeRedisUrl(url)} is reachable again.`);
    down = false;
  });
  return redis;
}

/** Resolves once the client is connected, or after `timeoutMs` (the caller goes on without it either way). */
export function redisReady(redis: Redis, timeoutMs = 3_000): Promise<boolean> {
  if (redis.status === "ready") return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => done(false), timeoutMs);
    const onReady = () => done(true);
    function done(ready: boolean) {
      clearTimeout(timer);
      redis.off("ready", onReady);
      resolve(ready);
    }
    redis.on("ready", onReady);
  });
}

let shared: Redis | undefined;

/** This process's client for REDIS_URL, made on first use; undefined when REDIS_URL is unset. */
export function sharedRedis(): Redis | undefined {
  const { REDIS_URL, REDIS_KEY_PREFIX } = env();
  if (!REDIS_URL) return undefined;
  shared ??= createRedis(REDIS_URL, REDIS_KEY_PREFIX);
  return shared;
}

export async function closeSharedRedis(): Promise<void> {
  const redis = shared;
  shared = undefined;
  if (!redis) return;
  // quit() waits for a reply a dead server never sends: drop the connection instead when it is not up.
  if (redis.status === "ready") await redis.quit().catch(() => redis.disconnect());
  else redis.disconnect();
}
