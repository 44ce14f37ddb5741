import { describe, expect, test } from "vitest";
import {
  addDays,
  calendarDate,
  dateFromSegments,
  daysBetween,
  isTimeZone,
  latestTodayOnEarth,
  longDate,
  monthLabel,
  parseIsoDate,
  parseMonth,
  todayIn,
} from "./daily-date";

describe("calendar dates", () => {
  test("real days only", () => {
    expect(calendarDate(2026, 3, 7)).toBe("2026-03-07");
    expect(calendarDate(2024, 2, 29)).toBe("2024-02-29");
    expect(calendarDate(2026, 2, 29)).toBeNull();
    expect(calendarDate(2026, 2, 30)).toBeNull();
    expect(calendarDate(2026, 13, 1)).toBeNull();
    expect(calendarDate(2026, 4, 31)).toBeNull();
    expect(calendarDate(2026, 0, 1)).toBeNull();
    expect(calendarDate(2026, 1, 0)).toBeNull();
    expect(calendarDate(2026.5, 1, 1)).toBeNull();
  });

  test("path segments: pages take unpadded month and day, the API two digits", () => {
    expect(dateFromSegments("2026", "3", "7")).toBe("2026-03-07");
    expect(dateFromSegments("2026", "03", "07")).toBe("2026-03-07");
    expect(dateFromSegments("2026", "3", "7", { padded: true })).toBeNull();
    expect(dateFromSegments("2026", "03", "07", { padded: true })).toBe("2026-03-07");
    expect(dateFromSegments("2026", "02", "30", { padded: true })).toBeNull();
    expect(dateFromSegments("26", "03", "07")).toBeNull();
    expect(dateFromSegments("2026", "003", "07")).toBeNull();
    expect(dateFromSegments("2026", "x", "07")).toBeNull();
    expect(dateFromSegments(undefined, "1", "1")).toBeNull();
  });

  test("ISO strings and months", () => {
    expect(parseIsoDate("2026-11-22")).toBe("2026-11-22");
    expect(parseIsoDate("2026-11-31")).toBeNull();
    expect(parseIsoDate("2026-1-2")).toBeNull();
    expect(parseMonth("2026-11")).toBe("2026-11");
    expect(parseMonth("2026-13")).toBeNull();
    expect(parseMonth("nope")).toBeNull();
    expect(monthLabel("2026-11")).toBe("November 2026");
  });

  test("arithmetic across months, years and leap days", () => {
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(daysBetween("2026-01-01", "2027-01-01")).toBe(365);
    expect(daysBetween("2026-03-29", "2026-03-28")).toBe(-1);
  });

  test("today in a time zone", () => {
    const now = new Date("2026-11-22T23:30:00Z");
    expect(todayIn(null, now)).toBe("2026-11-22");
    expect(todayIn("Asia/Tokyo", now)).toBe("2026-11-23");
    expect(todayIn("America/Los_Angeles", new Date("2026-11-22T05:00:00Z"))).toBe("2026-11-21");
    expect(todayIn("Not/AZone", now)).toBe("2026-11-22");
    expect(isTimeZone("Europe/London")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(latestTodayOnEarth(new Date("2026-11-22T10:00:00Z"))).toBe("2026-11-23");
    expect(latestTodayOnEarth(new Date("2026-11-22T09:00:00Z"))).toBe("2026-11-22");
  });

  test("long-form date", () => {
    expect(longDate("2026-11-22")).toBe("Sunday, November 22, 2026");
  });
});
