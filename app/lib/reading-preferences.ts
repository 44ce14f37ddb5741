import type { CSSProperties } from "react";
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

const fontSizeMessage = `Font size must be a number from ${FONT_SIZE.min} to ${FONT_SIZE.max}`;

/**
 * What the settings form may send. Every field is optional (a missing one keeps the stored value), but a
 * field that is present must be valid: a bad value is a 400, never a silent fallback.
 */
const SettingsFormSchema = z.object({
  themeStyle: z.enum(THEME_STYLES, { error: "Theme style must be parchment or woodland" }).optional(),
  fontFamily: z.enum(FONT_FAMILIES, { error: "Poetry font must be crimson, merriweather, inter or courier" }).optional(),
  fontSize: z
    .string()
    .trim()
    .regex(/^\d+(\.\d+)?$/, fontSizeMessage)
    .transform(Number)
    .pipe(z.number().min(FONT_SIZE.min, fontSizeMessage).max(FONT_SIZE.max, fontSizeMessage))
    .transform(snapFontSize)
    .optional(),
  overflowMode: z.enum(OVERFLOW_MODES, { error: "Overflow must be wrap or scroll" }).optional(),
  isDark: z
    .enum(["true", "false", "on"], { error: "Dark mode must be true or false" })
    .transform((value) => value !== "false")
    .optional(),
});

export type SettingsField = keyof z.input<typeof SettingsFormSchema>;
export const SETTINGS_FIELDS = ["themeStyle", "fontFamily", "fontSize", "overflowMode", "isDark"] as const;

export type SettingsFormResult =
  | { success: true; preferences: ReadingPreferences }
  | { success: false; errors: Partial<Record<SettingsField, string>> };

/**
 * Applies a settings form submission to the current preferences. Repeated names count by their last value:
 * the form sends a hidden isDark=false before the checkbox, so an unticked box still says "false".
 */
export function applySettingsForm(
  form: { getAll(name: string): unknown[] },
  current: ReadingPreferences,
): SettingsFormResult {
  const raw: Record<string, unknown> = {};
  for (const field of SETTINGS_FIELDS) {
    const values = form.getAll(field).filter((v): v is string => typeof v === "string");
    if (values.length > 0) raw[field] = values[values.length - 1];
  }
  const parsed = SettingsFormSchema.safeParse(raw);
  if (!parsed.success) {
    const errors: Partial<Record<SettingsField, string>> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as SettingsField;
      errors[field] ??= issue.message;
    }
    return { success: false, errors };
  }
  const defined = Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined));
  return { success: true, preferences: { ...current, ...defined } };
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
