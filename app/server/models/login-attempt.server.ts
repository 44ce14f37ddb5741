import { sql } from "kysely";
import type { DB } from "../db.server";

/**
 * The sign-in limiter's counters: one row per key and fixed window. Recording is a single upsert that
 * returns the new count, so concurrent attempts on several app instances each see their own increment.
 */
export async function recordAttempt(
  db: DB,
  key: string,
  windowMs: number,
  now: number,
): Promise<{ current: number; previous: number; windowStart: Date }> {
  const start = new Date(Math.floor(now / windowMs) * windowMs);
  const previousStart = new Date(start.getTime() - windowMs);
  const row = await db
    .insertInto("login_attempts")
    .values({ key, window_start: start, count: 1 })
    .onConflict((oc) => oc.columns(["key", "window_start"]).doUpdateSet({ count: sql`login_attempts.count + 1` }))
    .returning("count")
    .executeTakeFirstOrThrow();
  const previous = await db
    .selectFrom("login_attempts")
    .select("count")
    .where("key", "=", key)
    .where("window_start", "=", previousStart)
    .executeTakeFirst();
  // Older windows no longer weigh anything.
  await db.deleteFrom("login_attempts").where("key", "=", key).where("window_start", "<", previousStart).execute();
  return { current: row.count, previous: previous?.count ?? 0, windowStart: start };
}

/** Takes back one recorded attempt (a successful sign-in, or a refused attempt that was never tried). */
export async function undoAttempt(db: DB, key: string, windowStart: Date): Promise<void> {
  await db
    .updateTable("login_attempts")
    .set({ count: sql`greatest(count - 1, 0)` })
    .where("key", "=", key)
    .where("window_start", "=", windowStart)
    .execute();
}
