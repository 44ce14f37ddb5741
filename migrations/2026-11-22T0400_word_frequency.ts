import { type Kysely, sql } from "kysely";

// Frozen in time: this file must not import application code.
//
// Word frequencies, counted once by `poetry wordfreq` (and at the end of every import), never per request.
// word_counts holds, per scope, the words any answer can need: the 100 most frequent words and the 100 most
// frequent uncommon ones (the API's largest limit is 100). scope is a poet's id, or 0 for the whole corpus
// (poet ids start at 1). is_common marks the words of the stop-word list, so "top N words of a scope, with or
// without common words" is one index range scan on either index below.
// word_count_sources keeps, per poet, all its word counts (JSON, the input of the corpus total) and a hash of
// its poems' content hashes when it was counted, so a later run recounts only the poets whose poems changed
// (and the corpus total when any did). Keeping every count as rows instead would be 1.3 million rows.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("word_counts")
    .addColumn("scope", "integer", (c) => c.notNull())
    .addColumn("word", "text", (c) => c.notNull())
    .addColumn("frequency", "integer", (c) => c.notNull())
    .addColumn("is_common", "boolean", (c) => c.notNull())
    .addPrimaryKeyConstraint("word_counts_pkey", ["scope", "word"])
    .execute();
  await sql`create index word_counts_top_idx on word_counts (scope, frequency desc, word)`.execute(db);
  await sql`create index word_counts_top_uncommon_idx on word_counts (scope, frequency desc, word) where not is_common`.execute(
    db,
  );
  await db.schema
    .createTable("word_count_sources")
    .addColumn("poet_id", "integer", (c) => c.primaryKey().references("poets.id").onDelete("cascade"))
    .addColumn("source_hash", "text", (c) => c.notNull())
    .addColumn("counts", "text", (c) => c.notNull())
    .addColumn("counted_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("word_count_sources").ifExists().execute();
  await db.schema.dropTable("word_counts").ifExists().execute();
}
