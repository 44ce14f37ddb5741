import { describe, expect, test } from "vitest";
import { QueryCache } from "./query-cache";

describe("QueryCache", () => {
  test("keeps the last 10 queries and drops the oldest", () => {
    const cache = new QueryCache<number>(10);
    for (let i = 1; i <= 12; i++) cache.set(`q${i}`, i);
    expect(cache.size).toBe(10);
    expect(cache.has("q1")).toBe(false);
    expect(cache.has("q2")).toBe(false);
    expect(cache.get("q3")).toBe(3);
    expect(cache.keys()).toEqual(["q4", "q5", "q6", "q7", "q8", "q9", "q10", "q11", "q12", "q3"]);
  });

  test("a read makes an entry the most recent, so it outlives newer ones", () => {
    const cache = new QueryCache<string>(2);
    cache.set("a", "A");
    cache.set("b", "B");
    expect(cache.get("a")).toBe("A");
    cache.set("c", "C");
    expect(cache.has("a")).toBe(true);
    expect(cache.has("b")).toBe(false);
  });

  test("setting a key again replaces its value without growing", () => {
    const cache = new QueryCache<number>(3);
    cache.set("x", 1);
    cache.set("x", 2);
    expect(cache.size).toBe(1);
    expect(cache.get("x")).toBe(2);
    expect(cache.get("missing")).toBeUndefined();
  });

  test("rejects a capacity that is not a positive whole number", () => {
    expect(() => new QueryCache(0)).toThrow(RangeError);
    expect(() => new QueryCache(1.5)).toThrow(RangeError);
  });
});
