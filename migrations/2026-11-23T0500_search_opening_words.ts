import { type Kysely, sql } from "kysely";

// Frozen in time: this file must not import application code.
//
// Fuzzy first-line matching compares a query with each poem's folded opening by trigrams. Little words
// ('the', 'and', 'of', 'i') put their trigrams in nearly every opening: the trigram index then merges posting
// lists of ~20,000 poems and hands a hundred or more near-misses to word_similarity() (~0.1 ms each on a
// two-line opening), 5-13 ms of CPU per query on the full corpus. Compared without them, on a stored copy of
// the opening, the same poems are found for 1.8 times less work (the worst query 13 ms -> 5 ms).

/** The words left out: the commonest function words of English verse, all of one or a few letters. */
const LITTLE_WORDS = "the|a|an|and|of|to|in|on|at|is|it|i|o|my|with|for|as|by|be|but|that";

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function search_opening_words(text) returns text
    language sql immutable parallel safe strict
    as $$ select btrim(regexp_replace(regexp_replace($1, ${sql.lit(`\\m(${LITTLE_WORDS})\\M`)}, ' ', 'g'), '\\s+', ' ', 'g')) $$`.execute(
    db,
  );
  // Generated: refreshSearchIndex keeps writing `opening` only, and existing rows are filled here.
  await sql`
    alter table poem_search
    add column opening_words text generated always as (search_opening_words(opening)) stored`.execute(db);
  await sql`create index poem_search_opening_words_trgm_idx on poem_search using gin (opening_words gin_trgm_ops)`.execute(
    db,
  );
  await sql`drop index if exists poem_search_opening_trgm_idx`.execute(db);
  // As for the opening itself: trigram estimates on sampled values cost more planning time than they save.
  await sql`alter table poem_search alter column opening_words set statistics 0`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`create index if not exists poem_search_opening_trgm_idx on poem_search using gin (opening gin_trgm_ops)`.execute(
    db,
  );
  await sql`alter table poem_search drop column if exists opening_words`.execute(db);
  await sql`drop function if exists search_opening_words(text)`.execute(db);
}
