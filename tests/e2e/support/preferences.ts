import type { BrowserContext } from "@playwright/test";
import { E2E_PORT } from "./state";

export interface E2ePreferences {
  themeStyle?: string;
  isDark?: unknown;
  fontFamily?: string;
  fontSize?: unknown;
  overflowMode?: string;
}

export const THEME_MODES = {
  light: { themeStyle: "parchment", isDark: false },
  dark: { themeStyle: "parchment", isDark: true },
  "dark-midnight": { themeStyle: "woodland", isDark: false },
  "serene-glen": { themeStyle: "woodland", isDark: true },
} as const;

/** Puts a reading_prefs cookie (any value, valid or not) into the context, as the settings page would. */
export async function setPreferencesCookie(context: BrowserContext, prefs: E2ePreferences | string) {
  const value = typeof prefs === "string" ? prefs : encodeURIComponent(JSON.stringify(prefs));
  await context.addCookies([{ name: "reading_prefs", value, url: `http://127.0.0.1:${E2E_PORT}/` }]);
}

/** The reading_prefs cookie of the context, decoded; undefined when absent. */
export async function preferencesCookie(context: BrowserContext): Promise<Record<string, unknown> | undefined> {
  const cookie = (await context.cookies()).find((c) => c.name === "reading_prefs");
  return cookie ? (JSON.parse(decodeURIComponent(cookie.value)) as Record<string, unknown>) : undefined;
}
