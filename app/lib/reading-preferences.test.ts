import { describe, expect, it } from "vitest";
import {
  DEFAULT_PREFERENCES,
  parsePreferences,
  preferencesCookie,
  preferencesFromCookieHeader,
  themeMode,
} from "./reading-preferences";

describe("reading preferences", () => {
  it("defaults to parchment, light, crimson, 1.25 rem, wrap", () => {
    expect(DEFAULT_PREFERENCES).toEqual({
      themeStyle: "parchment",
      isDark: false,
      fontFamily: "crimson",
      fontSize: 1.25,
      overflowMode: "wrap",
    });
    expect(preferencesFromCookieHeader(null)).toEqual(DEFAULT_PREFERENCES);
  });

  it("replaces each invalid field with its default and keeps the valid ones", () => {
    expect(parsePreferences({ themeStyle: "neon", isDark: true, fontFamily: "comic", fontSize: 9, overflowMode: "scroll" })).toEqual({
      ...DEFAULT_PREFERENCES,
      isDark: true,
      overflowMode: "scroll",
    });
    expect(parsePreferences({ fontSize: 0.5 }).fontSize).toBe(0.5);
    expect(parsePreferences({ fontSize: 1.5 }).fontSize).toBe(1.5);
    expect(parsePreferences({ fontSize: 1.55 }).fontSize).toBe(1.25);
    expect(parsePreferences("garbage")).toEqual(DEFAULT_PREFERENCES);
  });

  it("round-trips through the cookie, and survives a corrupt cookie", () => {
    const prefs = { ...DEFAULT_PREFERENCES, themeStyle: "woodland" as const, fontSize: 0.75 };
    const cookie = preferencesCookie(prefs, false).split(";")[0];
    expect(preferencesFromCookieHeader(`a=1; ${cookie}; b=2`)).toEqual(prefs);
    expect(preferencesFromCookieHeader("reading_prefs=%7Bnot-json")).toEqual(DEFAULT_PREFERENCES);
    expect(preferencesCookie(prefs, true)).toMatch(/; Secure$/);
  });

  it("maps style and dark to the spec's four modes", () => {
    expect(themeMode({ themeStyle: "parchment", isDark: false })).toBe("light");
    expect(themeMode({ themeStyle: "parchment", isDark: true })).toBe("dark");
    expect(themeMode({ themeStyle: "woodland", isDark: false })).toBe("dark-midnight");
    expect(themeMode({ themeStyle: "woodland", isDark: true })).toBe("serene-glen");
  });
});
