import { z } from "zod";

/**
 * Reading preferences (spec section 3, "Theme preferences"): kept in a cookie so the server renders the
 * first paint in the reader's theme, font and size, with no flash. Invalid stored values fall back to the
 * spec's defaults one by one, so a single bad field never resets the others.
 */
export const THEME_STYLES = ["parchment", "woodland"] as const;
export const FONT_FAMILIES = ["crimson", "merriweather", "inter", "courier"] as const;
export const OVERFLOW_MODES = ["wrap", "scroll"] as const;
export const FONT_SIZE = { min: 0.5, max: 1.5, step: 0.05, default: 1.25 } as const;

export const ReadingPreferencesSchema = z.object({
  themeStyle: z.enum(THEME_STYLES).catch("parchment"),
  isDark: z.boolean().catch(false),
  fontFamily: z.enum(FONT_FAMILIES).catch("crimson"),
  fontSize: z.number().min(FONT_SIZE.min).max(FONT_SIZE.max).catch(FONT_SIZE.default),
  overflowMode: z.enum(OVERFLOW_MODES).catch("wrap"),
});

export type ReadingPreferences = z.infer<typeof ReadingPreferencesSchema>;

export const DEFAULT_PREFERENCES: ReadingPreferences = {
  themeStyle: "parchment",
  isDark: false,
  fontFamily: "crimson",
  fontSize: FONT_SIZE.default,
  overflowMode: "wrap",
};

export const PREFERENCES_COOKIE = "reading_prefs";

/** Parses whatever is stored (possibly garbage) into valid preferences. */
export function parsePreferences(raw: unknown): ReadingPreferences {
  const object = typeof raw === "object" && raw !== null ? raw : {};
  return ReadingPreferencesSchema.parse({ ...DEFAULT_PREFERENCES, ...object });
}

export function preferencesFromCookieHeader(header: string | null): ReadingPreferences {
  const value = header
    ?.split(/;\s*/)
    .find((part) => part.startsWith(`${PREFERENCES_COOKIE}=`))
    ?.slice(PREFERENCES_COOKIE.length + 1);
  if (!value) return DEFAULT_PREFERENCES;
  try {
    return parsePreferences(JSON.parse(decodeURIComponent(value)));
  } catch {
    return DEFAULT_PREFERENCES;
  }
}

/** A year-long, readable-by-script cookie (it holds no secret; the client updates it when settings change). */
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
