import { type Kysely, sql } from "kysely";

// Frozen in time: this file must not import application code.
//
// The PoetryDB-compatible API (/poetrydb/lines/{term}) matches the text a reader sees: inline emphasis
// markers removed, which only the application's markup parser can do exactly. That text is kept here,
// derived from poems.content by refreshPoetryDbTexts() after every import (and at server start), keyed by the
// poem's content hash so only changed poems are redone. It is cut at line breaks into chunks of about a
// kilobyte: a term never spans lines, so it is always inside one chunk, and the trigram index then points at
// small rows whose recheck is cheap and never reads a whole epic (per poem, a rare phrase took over a second).

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  await db.schema
    .createTable("poetrydb_texts")
    .addColumn("poem_id", "text", (c) => c.notNull().references("poems.id").onDelete("cascade"))
    .addColumn("chunk", "integer", (c) => c.notNull())
    // poems.content_hash when the rows were built.
    .addColumn("content_hash", "text", (c) => c.notNull())
    // Whole display lines joined with \n.
    .addColumn("lines", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("poetrydb_texts_pkey", ["poem_id", "chunk"])
    .execute();
  await sql`create index poetrydb_texts_lines_trgm_idx on poetrydb_texts using gin (lines gin_trgm_ops)`.execute(db);
  // Sampled trigram estimates cost more planning time than they save (as for poem_search).
  await sql`alter table poetrydb_texts alter column lines set statistics 0`.execute(db);
  // Linecount filters and ranges (/linecount/9-12).
  await sql`create index poems_line_count_idx on poems (line_count)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists poems_line_count_idx`.execute(db);
  await db.schema.dropTable("poetrydb_texts").ifExists().execute();
}
