import { type Kysely, sql } from "kysely";

// Frozen in time: this file must not import application code.
//
// The poem of the day: one row per calendar date (the reader's date, no time zone), written by
// `poetry schedule`. auto_selected is false for dates the maintainer pinned in corpus/daily-pins.json.
// A poem that was shown on a day is part of that day's history, so it cannot be deleted from under it.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("daily_poems")
    .addColumn("date", "date", (c) => c.primaryKey())
    .addColumn("poem_id", "text", (c) => c.notNull().references("poems.id").onDelete("restrict"))
    .addColumn("auto_selected", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // The scheduler's "not within 365 days" look-ups go by poem.
  await db.schema.createIndex("daily_poems_poem_idx").on("daily_poems").columns(["poem_id", "date"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("daily_poems").ifExists().execute();
}
