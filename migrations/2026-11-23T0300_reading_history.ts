import { type Kysely, sql } from "kysely";

// Frozen in time: this file must not import application code.
//
// Reading history and per-account settings: every recorded poem view (the profile's 'Recent Readings' and
// 'Poems Read'), the per-session table that decides whether a view counts (a poem is counted once per poem
// page visit in 30 minutes, once in 5 s on the random and daily screens), and the reading settings a
// signed-in reader keeps across devices.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("poem_views")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("poem_id", "text", (c) => c.notNull().references("poems.id").onDelete("cascade"))
    .addColumn("source", "text", (c) => c.notNull().check(sql`source in ('poem-page', 'random', 'daily')`))
    // The browser's own id (X-Session-ID), kept for the record; it decides nothing.
    .addColumn("browser_session", "text", (c) => c.notNull())
    .addColumn("viewed_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index poem_views_user_recent_idx on poem_views (user_id, viewed_at desc)`.execute(db);
  await db.schema.createIndex("poem_views_poem_idx").on("poem_views").column("poem_id").execute();

  // One row per (sign-in session, poem, screen): the last time a view was counted there. The key is the
  // server's session, not the browser's X-Session-ID, so a client cannot open new windows by changing it.
  await db.schema
    .createTable("recent_poem_views")
    .addColumn("session_id", "text", (c) => c.notNull().references("sessions.id").onDelete("cascade"))
    .addColumn("poem_id", "text", (c) => c.notNull().references("poems.id").onDelete("cascade"))
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("viewed_at", "timestamptz", (c) => c.notNull())
    .addPrimaryKeyConstraint("recent_poem_views_pk", ["session_id", "poem_id", "source"])
    .execute();

  await db.schema
    .createTable("user_settings")
    .addColumn("user_id", "integer", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("reading_preferences", "jsonb", (c) => c.notNull())
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("user_settings").ifExists().execute();
  await db.schema.dropTable("recent_poem_views").ifExists().execute();
  await db.schema.dropTable("poem_views").ifExists().execute();
}
