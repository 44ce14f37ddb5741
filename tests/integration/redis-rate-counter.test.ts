import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateKey, redisRateCounter } from "~/server/rate-counter.server";
import { createRedis, redisReady } from "~/server/redis.server";
import { dropKeys, requireRedis, testKeyPrefix, testRedisUrl } from "../helpers/redis";

// The /api rate limit's shared counter against a real Redis: two clients stand for two app processes.
const url = testRedisUrl();
const available = await requireRedis(url);
const prefix = testKeyPrefix("rate");
const logs: string[] = [];
let a: Redis;
let b: Redis;
let raw: Redis;

beforeAll(async () => {
  if (!available) return;
  a = createRedis(url, prefix, (line) => logs.push(line));
  b = createRedis(url, prefix, (line) => logs.push(line));
  raw = createRedis(url, "", (line) => logs.push(line));
  for (const client of [a, b, raw]) {
    if (!(await redisReady(client))) throw new Error(`Redis at ${url} did not answer`);
  }
});

afterAll(async () => {
  if (!available) return;
  for (const client of [a, b, raw]) client?.disconnect();
  await dropKeys(url, prefix);
});

const WINDOW = 60_000;

describe.skipIf(!available)("redisRateCounter", () => {
  it("counts one address's calls across processes, per window and per address", async () => {
    const countA = redisRateCounter(a, (line) => logs.push(line));
    const countB = redisRateCounter(b, (line) => logs.push(line));
    const start = Math.floor(Date.now() / WINDOW) * WINDOW;
    expect(await countA("203.0.113.7", start, WINDOW)).toBe(1);
    expect(await countB("203.0.113.7", start, WINDOW)).toBe(2);
    expect(await countA("203.0.113.7", start, WINDOW)).toBe(3);
    expect(await countB("198.51.100.2", start, WINDOW)).toBe(1);
    expect(await countB("203.0.113.7", start + WINDOW, WINDOW)).toBe(1);
    // A different window length is a different limit: it does not share the minute's count.
    expect(await countA("203.0.113.7", start, 3_600_000)).toBe(1);
    expect(logs).toEqual([]);
  });

  it("gives the key an expiry just past its window, under the configured prefix", async () => {
    const count = redisRateCounter(a, (line) => logs.push(line));
    const start = Math.floor(Date.now() / WINDOW) * WINDOW;
    await count("192.0.2.1", start, WINDOW);
    const ttl = await raw.pttl(`${prefix}${rateKey("192.0.2.1", start, WINDOW)}`);
    expect(ttl).toBeGreaterThan(WINDOW - 5_000);
    expect(ttl).toBeLessThanOrEqual(WINDOW + 1_000);
  });

  it("hands out every number exactly once when two processes count at the same moment", async () => {
    const counters = [redisRateCounter(a, (line) => logs.push(line)), redisRateCounter(b, (line) => logs.push(line))];
    const start = Math.floor(Date.now() / WINDOW) * WINDOW;
    const seen = await Promise.all(Array.from({ length: 60 }, (_, i) => counters[i % 2]("192.0.2.99", start, WINDOW)));
    expect([...seen].sort((x, y) => Number(x) - Number(y))).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
  });

  it("fails open at once, with one warning, when Redis cannot be reached", async () => {
    const lines: string[] = [];
    // Nothing listens on this port (the range kept for this project's system tests).
    const down = createRedis("redis://127.0.0.1:3729", prefix, (line) => lines.push(line));
    try {
      const count = redisRateCounter(down, (line) => lines.push(line));
      const started = Date.now();
      const results = [];
      for (let i = 0; i < 3; i++) results.push(await count("203.0.113.7", 0, WINDOW));
      expect(results).toEqual([null, null, null]);
      expect(Date.now() - started).toBeLessThan(1_500);
      expect(lines.filter((line) => line.startsWith("API rate limit not counted"))).toHaveLength(1);
    } finally {
      down.disconnect();
    }
  });
});
