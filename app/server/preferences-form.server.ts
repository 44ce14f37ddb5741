import { z } from "zod";
import {
  DEFAULT_PREFERENCES,
  FONT_FAMILIES,
  FONT_SIZE,
  OVERFLOW_MODES,
  PREFERENCES_COOKIE,
  type ReadingPreferences,
  snapFontSize,
  THEME_STYLES,
} from "~/lib/reading-preferences";

// The reading preferences' zod schemas: what a cookie, a stored row or the settings form may hold. Server-only,
// so that zod is not part of the JavaScript every page ships (the header imports ~/lib/reading-preferences).

export const ReadingPreferencesSchema: z.ZodType<ReadingPreferences> = z.object({
  themeStyle: z.enum(THEME_STYLES).catch("parchment"),
  isDark: z.boolean().catch(false),
  fontFamily: z.enum(FONT_FAMILIES).catch("crimson"),
  fontSize: z.number().min(FONT_SIZE.min).max(FONT_SIZE.max).catch(FONT_SIZE.default),
  overflowMode: z.enum(OVERFLOW_MODES).catch("wrap"),
});

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

