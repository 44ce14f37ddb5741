import { describe, expect, it } from "vitest";
import { formatLifeYears, yearOf } from "./life-years";

describe("yearOf", () => {
  it("takes the part of a date before the first dash", () => {
    expect(yearOf("1795-10-31")).toBe("1795");
    expect(yearOf("1795")).toBe("1795");
    expect(yearOf(" 1821-02 ")).toBe("1821");
  });

  it("reads a leading dash as a year before the common era", () => {
    expect(yearOf("-0043")).toBe("43 BC");
    expect(yearOf("-0043-03-15")).toBe("43 BC");
  });

  it("drops leading zeros and gives nothing for empty dates", () => {
    expect(yearOf("0800")).toBe("800");
    expect(yearOf(null)).toBeNull();
    expect(yearOf(undefined)).toBeNull();
    expect(yearOf("")).toBeNull();
    expect(yearOf("-")).toBeNull();
  });
});

describe("formatLifeYears", () => {
  it("joins both years with a spaced em dash", () => {
    expect(formatLifeYears("1795", "1821")).toBe("1795 — 1821");
    expect(formatLifeYears("1795-10-31", "1821-02-23")).toBe("1795 — 1821");
  });

  it("prints 'b. year' with only a birth date and 'd. year' with only a death date", () => {
    expect(formatLifeYears("1859", null)).toBe("b. 1859");
    expect(formatLifeYears(null, "1936-04-30")).toBe("d. 1936");
    expect(formatLifeYears("", "1936")).toBe("d. 1936");
  });

  it("gives nothing when both dates are missing", () => {
    expect(formatLifeYears(null, null)).toBeNull();
    expect(formatLifeYears(undefined, "")).toBeNull();
  });

  it("handles dates before the common era", () => {
    expect(formatLifeYears("-0070", "-0019")).toBe("70 BC — 19 BC");
  });
});
