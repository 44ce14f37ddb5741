import { type Kysely, sql } from "kysely";

// Frozen in time: this file must not import application code.
//
// A phrase search used to find the poems holding all its words through the text index, then read their word
// positions back, only in the 1,001 shortest to bound the cost: 1,069 poems hold both words of "broken heart"
// and 147 the phrase, of which 136 were found, in ~6 ms; "true love", 122 of 222. Here every poem's
// neighbouring words are indexed as pairs: the lexeme at one position, the gap (> 1 where stop words were
// dropped) and the lexeme at the next position that holds one. A phrase's own pairs then pick, through the
// index, the few poems that may hold it; their positions are still checked, which the pairs alone cannot
// settle for three words or more.
//
// Each pair is a hash folded into 2^20 values (PAIR_MASK), not its text: a poem has about as many pairs as words
// (6 million in all for the full corpus), and keys of full width made an index of 134 MB, more than three
// times the text index. Folded, a bucket holds a few unrelated pairs, whose poems the position check drops.
// An expression index, not a stored column: a search matches with one-element overlaps (`&&`), which the
// GIN index answers without rechecking rows, so the pairs never need to be read back.
//
// The cost, on the full corpus: the index is 73 MB, and a first import takes 58 s instead of 56 on PostgreSQL
// and 113 s instead of 98 on PGlite (bench/RESULTS.md). Building the index here, on an existing database, blocks
// writes to poem_search (the importer's) but not searches, for ~20 s on PostgreSQL.

/** About six unrelated poems per looked-up pair on the full corpus ("broken heart": 151 candidates, 147 hold it). */
const PAIR_MASK = 2 ** 20 - 1;

export async function up(db: Kysely<any>): Promise<void> {
  // Each position with the next one that holds a word. Positions past 16,383 are all stored as 16,383, where
  // PostgreSQL cannot match a phrase either; ordering by lexeme too keeps the result the same on every call.
  // Written for speed on PGlite, where unnesting a vector is most of the cost (a join of the entries by rank
  // took 20 s for the full corpus, this 13 s). Qualified names: index maintenance runs with an empty search
  // path.
  await sql`
    create or replace function search_pairs(tsvector) returns int4[]
    language sql immutable strict parallel safe cost 1000
    as $$
      select coalesce(pg_catalog.array_agg(distinct pair), '{}')
      from (
        select pg_catalog.hashtext(
          e.lexeme || ' ' || (pg_catalog.lead(p) over w - p) || ' ' || pg_catalog.lead(e.lexeme) over w
        ) & ${sql.lit(PAIR_MASK)} as pair
        from pg_catalog.unnest($1) e, pg_catalog.unnest(e.positions) p
        window w as (order by p, e.lexeme)) pairs
      where pair is not null
    $$`.execute(db);
  // A phrase's pairs, as search_pairs finds them in a text holding it.
  await sql`
    create or replace function search_phrase_pairs(text) returns int4[]
    language sql immutable strict parallel safe
    as $$ select public.search_pairs(pg_catalog.to_tsvector('public.poetry_english'::regconfig, $1)) $$`.execute(db);
  await sql`create index poem_search_pairs_idx on poem_search using gin (search_pairs(body_vector))`.execute(db);
  // No statistics, as for the other searched columns (see the search migration): the defaults keep the index.
  await sql`alter index poem_search_pairs_idx alter column 1 set statistics 0`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists poem_search_pairs_idx`.execute(db);
  await sql`drop function if exists search_phrase_pairs(text)`.execute(db);
  await sql`drop function if exists search_pairs(tsvector)`.execute(db);
}
