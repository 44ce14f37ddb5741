import { describe, expect, it } from "vitest";
import { dailyPath, localDailyPath, utcDailyPath } from "./daily-path";

describe("daily path", () => {
  it("writes month and day unpadded", () => {
    expect(dailyPath(2026, 3, 7)).toBe("/daily/2026/3/7");
    expect(dailyPath(2026, 12, 25)).toBe("/daily/2026/12/25");
  });

  it("uses the UTC date on the server and the local date in the browser", () => {
    const lateUtc = new Date(Date.UTC(2026, 0, 9, 23, 30));
    expect(utcDailyPath(lateUtc)).toBe("/daily/2026/1/9");
    const local = new Date(2026, 1, 3, 12, 0);
    expect(localDailyPath(local)).toBe("/daily/2026/2/3");
  });
});
