import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";

/** The Redis the tests use: REDIS_URL's, else the machine's own (CI starts one; see .ci/run). */
export function testRedisUrl(): string {
  return process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
}

/** A key prefix no other test run uses, so parallel runs on one Redis never see each other's counts. */
export function testKeyPrefix(name: string): string {
  return `poetry-test:${name}:${process.pid}:${randomBytes(4).toString("hex")}:`;
}

/**
 * Whether the test Redis answers. Off CI a machine without Redis skips the Redis tests (with a note); on CI
 * (CI=true) it is an error, since .ci/run starts one.
 */
export async function requireRedis(url: string): Promise<boolean> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1_000, retryStrategy: () => null });
  let cause: unknown;
  redis.on("error", (error) => (cause = error));
  try {
    await redis.connect();
    await redis.ping();
    return true;
  } catch (error) {
    return missing(`Redis is not reachable at ${url} (${((cause ?? error) as Error).message})`, "start redis-server, or set REDIS_URL");
  } finally {
    redis.disconnect();
  }
}

/** A service the tests need is missing: an error on CI, else a note and false (the caller skips). */
export function missing(what: string, fix: string): false {
  if (process.env.CI) throw new Error(`${what}: CI needs it (.ci/run installs and starts it)`);
  process.stderr.write(`${what}: these tests are skipped; ${fix}.\n`);
  return false;
}

/** Deletes every key under `prefix` (the test's own), through a client without a prefix of its own. */
export async function dropKeys(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}
