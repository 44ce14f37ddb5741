import { describe, expect, it } from "vitest";
import { COUNT_UP_MS, countUpValue, easeOutCubic } from "./count-up";

describe("count-up", () => {
  it("runs 2000 ms from 0 to the total with an ease-out curve", () => {
    expect(COUNT_UP_MS).toBe(2000);
    expect(countUpValue(0, 24000)).toBe(0);
    expect(countUpValue(2000, 24000)).toBe(24000);
    expect(countUpValue(5000, 24000)).toBe(24000);
    // Ease-out: well past half way at the half-time mark, and never decreasing.
    expect(countUpValue(1000, 24000)).toBe(21000);
    let last = -1;
    for (let ms = 0; ms <= 2000; ms += 16) {
      const value = countUpValue(ms, 24000);
      expect(value).toBeGreaterThanOrEqual(last);
      last = value;
    }
  });

  it("clamps the curve to [0, 1]", () => {
    expect(easeOutCubic(-1)).toBe(0);
    expect(easeOutCubic(2)).toBe(1);
  });
});
