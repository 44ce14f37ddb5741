import { describe, expect, it } from "vitest";
import { memoryRateCounter, rateKey } from "./rate-counter.server";

// The Redis counter is tested against a real Redis in tests/integration/redis-rate-counter.test.ts.
describe("memoryRateCounter", () => {
  it("counts per address within a window and starts afresh in the next", () => {
    const count = memoryRateCounter();
    expect([count("a", 0, 60_000), count("a", 0, 60_000), count("b", 0, 60_000)]).toEqual([1, 2, 1]);
    expect(count("a", 60_000, 60_000)).toBe(1);
  });

  it("leaves addresses past its capacity uncounted rather than growing", () => {
    const count = memoryRateCounter(2);
    count("a", 0, 1000);
    count("b", 0, 1000);
    expect(count("c", 0, 1000)).toBeNull();
    expect(count("a", 0, 1000)).toBe(2);
    expect(count("c", 1000, 1000)).toBe(1);
  });
});

describe("rateKey", () => {
  it("names the window length, the window and the address", () => {
    expect(rateKey("203.0.113.7", 120_000, 60_000)).toBe("api-rate:60:2:203.0.113.7");
  });
});
