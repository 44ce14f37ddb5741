import { sql } from "kysely";
import type { DB } from "../db.server";
import type { z } from "zod";
import type { ReadingHistoryItemSchema } from "../api-shapes.server";
import { VIEW_WINDOW_MS, type ViewSource } from "~/lib/view-tracking";

export interface ViewInput {
  userId: number;
  /** The server's sign-in session (sessions.id): what "per session" means on the server. */
  sessionId: string;
  /** The browser's X-Session-ID, stored with the view. */
  browserSession: string;
  poemId: string;
  source: ViewSource;
}

/**
 * Records a view unless one was counted for the same session, poem and screen within the source's window.
 * The check and the claim are one statement: an upsert whose update only happens when the stored time is
 * old enough, returning a row only when it inserted or updated. Concurrent or replayed calls queue on the
 * row and see the winner's time, so at most one of them counts. The count, the history row and the claim
 * commit together. Undefined when the poem does not exist; otherwise whether the view counted.
 */
export async function recordView(db: DB, view: ViewInput, now = new Date()): Promise<{ counted: boolean } | undefined> {
  const cutoff = new Date(now.getTime() - VIEW_WINDOW_MS[view.source]);
  return db.transaction().execute(async (trx) => {
    const poem = await trx.selectFrom("poems").select("id").where("id", "=", view.poemId).executeTakeFirst();
    if (!poem) return undefined;
    const claimed = await trx
      .insertInto("recent_poem_views")
      .values({ session_id: view.sessionId, poem_id: view.poemId, source: view.source, viewed_at: now })
      .onConflict((oc) =>
        oc
          .columns(["session_id", "poem_id", "source"])
          .doUpdateSet({ viewed_at: now })
          .where("recent_poem_views.viewed_at", "<=", cutoff),
      )
      .returning("poem_id")
      .executeTakeFirst();
    if (!claimed) return { counted: false };
    await trx
      .insertInto("poem_views")
      .values({
        user_id: view.userId,
        poem_id: view.poemId,
        source: view.source,
        browser_session: view.browserSession,
        viewed_at: now,
      })
      .execute();
    await trx
      .updateTable("poems")
      .set({ view_count: sql`view_count + 1` })
      .where("id", "=", view.poemId)
      .execute();
    // House-keeping: this session's claims older than the longest window can never block anything again.
    const longest = Math.max(...Object.values(VIEW_WINDOW_MS));
    await trx
      .deleteFrom("recent_poem_views")
      .where("session_id", "=", view.sessionId)
      .where("viewed_at", "<", new Date(now.getTime() - longest))
      .execute();
    return { counted: true };
  });
}

export type ReadingHistoryItem = z.infer<typeof ReadingHistoryItemSchema>;

/** A reader's most recent views, newest first (GET /api/profile/reading-history's `views`). */
export async function readingHistory(db: DB, userId: number, limit = 20): Promise<ReadingHistoryItem[]> {
  const rows = await db
    .selectFrom("poem_views")
    .innerJoin("poems", "poems.id", "poem_views.poem_id")
    .innerJoin("poets", "poets.id", "poems.poet_id")
    .select([
      "poem_views.id",
      "poem_views.viewed_at",
      "poems.id as poem_id",
      "poems.title",
      "poets.name as author",
      "poems.year",
    ])
    .where("poem_views.user_id", "=", userId)
    .orderBy("poem_views.viewed_at", "desc")
    .orderBy("poem_views.id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: String(row.id),
    viewed_at: new Date(row.viewed_at).toISOString(),
    poem: { id: row.poem_id, title: row.title, author: row.author, year: row.year },
  }));
}

/** 'Poems Read': how many different poems the reader has viewed (reading one poem twice is one poem read). */
export async function poemsRead(db: DB, userId: number): Promise<number> {
  const row = await db
    .selectFrom("poem_views")
    .select(sql<string>`count(distinct poem_id)`.as("n"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
