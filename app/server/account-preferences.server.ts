import { PREFERENCES_COOKIE, preferencesCookie } from "~/lib/reading-preferences";
import { preferencesFromCookieHeader } from "~/server/preferences-form.server";
import type { DB } from "./db.server";
import { loadUserPreferences, saveUserPreferences } from "./models/user-settings.server";
import { isSecureRequest } from "./reading-preferences.server";

/**
 * At sign-in: the account's stored reading settings win, and come back as a preferences cookie so this
 * device shows them from the next page on. An account with none yet adopts the settings this browser
 * already has (if it chose any), and nothing changes on screen.
 */
export async function accountPreferencesCookie(db: DB, request: Request, userId: number): Promise<string | undefined> {
  const stored = await loadUserPreferences(db, userId);
  if (stored) return preferencesCookie(stored, isSecureRequest(request));
  const header = request.headers.get("Cookie");
  if (header?.includes(`${PREFERENCES_COOKIE}=`)) await saveUserPreferences(db, userId, preferencesFromCookieHeader(header));
  return undefined;
}
