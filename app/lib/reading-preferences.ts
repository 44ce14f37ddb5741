import type { CSSProperties } from "react";

/**
 * Reading preferences (spec section 3, "Theme preferences"): kept in a cookie so the server renders the
 * first paint in the reader's theme, font and size, with no flash. Invalid stored values fall back to the
 * spec's defaults one by one, so a single bad field never resets the others (the zod schemas that do so are
 * server-only, app/server/preferences-form.server.ts, which keeps zod out of every page's JavaScript).
 */
export const THEME_STYLES = ["parchment", "woodland"] as const;
export const FONT_FAMILIES = ["crimson", "merriweather", "inter", "courier"] as const;
export const OVERFLOW_MODES = ["wrap", "scroll"] as const;
export const FONT_SIZE = { min: 0.5, max: 1.5, step: 0.05, default: 1.25 } as const;

export interface ReadingPreferences {
  themeStyle: (typeof THEME_STYLES)[number];
  isDark: boolean;
  fontFamily: (typeof FONT_FAMILIES)[number];
  fontSize: number;
  overflowMode: (typeof OVERFLOW_MODES)[number];
}

export const DEFAULT_PREFERENCES: ReadingPreferences = {
  themeStyle: "parchment",
  isDark: false,
  fontFamily: "crimson",
  fontSize: FONT_SIZE.default,
  overflowMode: "wrap",
};

export const PREFERENCES_COOKIE = "reading_prefs";

/**
 * A year-long cookie, Lax, Secure over HTTPS in production. Not HttpOnly on purpose: the header's theme and
 * font controls rewrite it from script (document.cookie) without a round trip, and a browser refuses a
 * script's write over an HttpOnly cookie of the same name. It holds no secret, only display choices.
 */
export function preferencesCookie(prefs: ReadingPreferences, secure: boolean): string {
  const value = encodeURIComponent(JSON.stringify(prefs));
  return `${PREFERENCES_COOKIE}=${value}; Path=/; Max-Age=31536000; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/**
 * The four theme modes, named exactly as the spec maps them (section 4): parchment gives 'light' and
 * 'dark'; woodland gives 'dark-midnight' when not dark and 'serene-glen' when dark.
 */
export type ThemeMode = "light" | "dark" | "dark-midnight" | "serene-glen";

export function themeMode(prefs: Pick<ReadingPreferences, "themeStyle" | "isDark">): ThemeMode {
  if (prefs.themeStyle === "woodland") return prefs.isDark ? "serene-glen" : "dark-midnight";
  return prefs.isDark ? "dark" : "light";
}

/** The attributes of <html> that carry the preferences to CSS (see app/styles/theme.css). */
export function preferenceAttributes(prefs: ReadingPreferences) {
  return {
    "data-theme": themeMode(prefs),
    "data-font": prefs.fontFamily,
    "data-overflow": prefs.overflowMode,
    style: { "--poem-font-size": `${prefs.fontSize}rem` } as CSSProperties,
  };
}

/** Display names of the poetry fonts, in the spec's order. */
export const FONT_LABELS: Record<(typeof FONT_FAMILIES)[number], string> = {
  crimson: "Crimson Text",
  merriweather: "Merriweather",
  inter: "Inter",
  courier: "Courier Prime",
};

/** Snaps a size onto the slider's 0.05 grid, so stored values always match a slider position. */
export function snapFontSize(value: number): number {
  return Number((Math.round(value / FONT_SIZE.step) * FONT_SIZE.step).toFixed(2));
}

/** The same preferences as form fields (the JavaScript path posts exactly what the plain form would). */
export function preferencesFormData(prefs: ReadingPreferences): FormData {
  const form = new FormData();
  form.set("themeStyle", prefs.themeStyle);
  form.set("fontFamily", prefs.fontFamily);
  form.set("fontSize", String(prefs.fontSize));
  form.set("overflowMode", prefs.overflowMode);
  form.set("isDark", String(prefs.isDark));
  return form;
}
