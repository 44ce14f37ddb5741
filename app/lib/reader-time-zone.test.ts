import { describe, expect, test } from "vitest";
import { timeZoneCookie, timeZoneFromCookieHeader } from "./reader-time-zone";

describe("reader time zone cookie", () => {
  test("reads a known zone, ignores unknown ones and other cookies", () => {
    expect(timeZoneFromCookieHeader("a=1; pc_tz=Europe%2FLondon; b=2")).toBe("Europe/London");
    expect(timeZoneFromCookieHeader("pc_tz=Mars%2FOlympus")).toBeNull();
    expect(timeZoneFromCookieHeader("pc_tz=%E0%A4%A")).toBeNull();
    expect(timeZoneFromCookieHeader("other=UTC")).toBeNull();
    expect(timeZoneFromCookieHeader(null)).toBeNull();
  });

  test("round trip", () => {
    const cookie = timeZoneCookie("America/New_York").split(";")[0]!;
    expect(timeZoneFromCookieHeader(cookie)).toBe("America/New_York");
  });
});
