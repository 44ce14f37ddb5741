import { describe, expect, test } from "vitest";
import { hhMmToMinutes, localDateAt, minutesToHhMm, nextDailyAt, zonedInstant } from "./zoned-time";

describe("zonedInstant", () => {
  test("08:00 in New York is 13:00 UTC in winter and 12:00 UTC in summer", () => {
    expect(zonedInstant("2026-12-01", 480, "America/New_York").toISOString()).toBe("2026-12-01T13:00:00.000Z");
    expect(zonedInstant("2026-07-01", 480, "America/New_York").toISOString()).toBe("2026-07-01T12:00:00.000Z");
  });

  test("a skipped time (02:30 on 2027-03-14 in New York) is taken after the jump, at 03:30 EDT", () => {
    expect(zonedInstant("2027-03-14", 150, "America/New_York").toISOString()).toBe("2027-03-14T07:30:00.000Z");
  });

  test("a repeated time (01:30 on 2026-11-01 in New York) is its first occurrence, EDT", () => {
    expect(zonedInstant("2026-11-01", 90, "America/New_York").toISOString()).toBe("2026-11-01T05:30:00.000Z");
  });

  test("London: 01:30 does not exist on 2027-03-28 and happens twice on 2026-10-25", () => {
    expect(zonedInstant("2027-03-28", 90, "Europe/London").toISOString()).toBe("2027-03-28T01:30:00.000Z");
    expect(zonedInstant("2026-10-25", 90, "Europe/London").toISOString()).toBe("2026-10-25T00:30:00.000Z");
  });

  test("zones east of UTC and with half hours", () => {
    expect(zonedInstant("2026-11-23", 480, "Asia/Kolkata").toISOString()).toBe("2026-11-23T02:30:00.000Z");
    expect(zonedInstant("2026-11-23", 0, "Pacific/Kiritimati").toISOString()).toBe("2026-11-22T10:00:00.000Z");
  });
});

describe("nextDailyAt", () => {
  test("later today when the time is still ahead, tomorrow when it has passed", () => {
    const now = new Date("2026-11-23T12:00:00Z");
    expect(nextDailyAt(now, 8 * 60, "America/New_York").toISOString()).toBe("2026-11-23T13:00:00.000Z");
    expect(nextDailyAt(now, 6 * 60, "America/New_York").toISOString()).toBe("2026-11-24T11:00:00.000Z");
  });

  test("exactly at the time means the next day", () => {
    const now = new Date("2026-11-23T13:00:00Z");
    expect(nextDailyAt(now, 480, "America/New_York").toISOString()).toBe("2026-11-24T13:00:00.000Z");
  });

  test("the reader's date, not UTC's, decides the day", () => {
    // 23:30 UTC on the 23rd is already the 24th in Tokyo.
    expect(localDateAt(new Date("2026-11-23T23:30:00Z"), "Asia/Tokyo")).toBe("2026-11-24");
    // 08:30 there: 09:00 is still ahead today, 08:00 is tomorrow's.
    expect(nextDailyAt(new Date("2026-11-23T23:30:00Z"), 540, "Asia/Tokyo").toISOString()).toBe("2026-11-24T00:00:00.000Z");
    expect(nextDailyAt(new Date("2026-11-23T23:30:00Z"), 480, "Asia/Tokyo").toISOString()).toBe("2026-11-24T23:00:00.000Z");
  });
});

test("HH:MM round trip and rejects", () => {
  expect(hhMmToMinutes("08:00")).toBe(480);
  expect(hhMmToMinutes("23:59")).toBe(1439);
  expect(minutesToHhMm(0)).toBe("00:00");
  expect(minutesToHhMm(1439)).toBe("23:59");
  for (const bad of ["24:00", "8:00", "08:60", "", "ab:cd"]) expect(hhMmToMinutes(bad)).toBeNull();
});
