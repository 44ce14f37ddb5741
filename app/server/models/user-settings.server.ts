import { type ReadingPreferences } from "~/lib/reading-preferences";
import { parsePreferences } from "~/server/preferences-form.server";
import type { DB } from "../db.server";

/** A signed-in reader's stored reading settings, or undefined when they never saved any. */
export async function loadUserPreferences(db: DB, userId: number): Promise<ReadingPreferences | undefined> {
  const row = await db
    .selectFrom("user_settings")
    .select("reading_preferences")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  // Parsed leniently: a field stored by an older version that is no longer valid falls back on its own.
  return row ? parsePreferences(row.reading_preferences) : undefined;
}

export async function saveUserPreferences(db: DB, userId: number, preferences: ReadingPreferences): Promise<void> {
  const json = JSON.stringify(preferences);
  await db
    .insertInto("user_settings")
    .values({ user_id: userId, reading_preferences: json })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ reading_preferences: json, updated_at: new Date() }))
    .execute();
}
