import { describe, expect, it } from "vitest";
import { DEFAULT_PREFERENCES, preferencesCookie, preferenceAttributes, preferencesFormData, snapFontSize, themeMode } from "./reading-preferences";
import { applySettingsForm, parsePreferences, preferencesFromCookieHeader } from "~/server/preferences-form.server";

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

function form(entries: [string, string][]): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

describe("preferences parsing from the cookie header", () => {
  it("falls back to the defaults for garbage, wrong types and other cookies", () => {
    const encoded = (value: unknown) => `reading_prefs=${encodeURIComponent(JSON.stringify(value))}`;
    expect(preferencesFromCookieHeader("other=1")).toEqual(DEFAULT_PREFERENCES);
    expect(preferencesFromCookieHeader("reading_prefs=")).toEqual(DEFAULT_PREFERENCES);
    expect(preferencesFromCookieHeader("reading_prefs=%E0%A4%A")).toEqual(DEFAULT_PREFERENCES);
    expect(preferencesFromCookieHeader(encoded(null))).toEqual(DEFAULT_PREFERENCES);
    expect(preferencesFromCookieHeader(encoded([1, 2]))).toEqual(DEFAULT_PREFERENCES);
    expect(preferencesFromCookieHeader(encoded({ isDark: "yes", fontSize: "1.0", fontFamily: "inter" }))).toEqual({
      ...DEFAULT_PREFERENCES,
      fontFamily: "inter",
    });
    expect(preferencesFromCookieHeader(encoded({ fontSize: 0.45 })).fontSize).toBe(1.25);
  });
});

describe("html attributes", () => {
  it("carry the theme mode, font, overflow and the poem font size", () => {
    expect(
      preferenceAttributes({ themeStyle: "woodland", isDark: true, fontFamily: "courier", fontSize: 0.9, overflowMode: "scroll" }),
    ).toEqual({
      "data-theme": "serene-glen",
      "data-font": "courier",
      "data-overflow": "scroll",
      style: { "--poem-font-size": "0.9rem" },
    });
  });
});

describe("settings form", () => {
  it("applies a full valid submission", () => {
    const result = applySettingsForm(
      form([
        ["themeStyle", "woodland"],
        ["fontFamily", "merriweather"],
        ["fontSize", "0.8"],
        ["overflowMode", "scroll"],
        ["isDark", "false"],
        ["isDark", "true"],
      ]),
      DEFAULT_PREFERENCES,
    );
    expect(result).toEqual({
      success: true,
      preferences: { themeStyle: "woodland", isDark: true, fontFamily: "merriweather", fontSize: 0.8, overflowMode: "scroll" },
    });
  });

  it("reads an unticked dark-mode box as false and keeps fields that were not sent", () => {
    const current = { ...DEFAULT_PREFERENCES, isDark: true, fontFamily: "inter" as const };
    expect(applySettingsForm(form([["isDark", "false"]]), current)).toEqual({
      success: true,
      preferences: { ...current, isDark: false },
    });
    expect(applySettingsForm(form([]), current)).toEqual({ success: true, preferences: current });
  });

  it("accepts the font size range inclusively and snaps to the 0.05 step", () => {
    const size = (value: string) => {
      const result = applySettingsForm(form([["fontSize", value]]), DEFAULT_PREFERENCES);
      return result.success ? result.preferences.fontSize : result.errors.fontSize;
    };
    expect(size("0.5")).toBe(0.5);
    expect(size("1.5")).toBe(1.5);
    expect(size("1.23")).toBe(1.25);
    expect(size("0.49")).toBe("Font size must be a number from 0.5 to 1.5");
    expect(size("1.51")).toBe("Font size must be a number from 0.5 to 1.5");
    expect(size("abc")).toBe("Font size must be a number from 0.5 to 1.5");
    expect(size("")).toBe("Font size must be a number from 0.5 to 1.5");
    expect(size("1e0")).toBe("Font size must be a number from 0.5 to 1.5");
    expect(snapFontSize(0.7000000001)).toBe(0.7);
  });

  it("names every invalid field", () => {
    const result = applySettingsForm(
      form([
        ["themeStyle", "neon"],
        ["fontFamily", "comic-sans"],
        ["overflowMode", "hidden"],
        ["isDark", "maybe"],
        ["fontSize", "9"],
      ]),
      DEFAULT_PREFERENCES,
    );
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(Object.keys(result.errors).sort()).toEqual(["fontFamily", "fontSize", "isDark", "overflowMode", "themeStyle"]);
    expect(result.errors.themeStyle).toBe("Theme style must be parchment or woodland");
  });

  it("round-trips through the form data the script posts", () => {
    const prefs = { themeStyle: "woodland" as const, isDark: true, fontFamily: "courier" as const, fontSize: 0.55, overflowMode: "scroll" as const };
    expect(applySettingsForm(preferencesFormData(prefs), DEFAULT_PREFERENCES)).toEqual({ success: true, preferences: prefs });
  });
});
