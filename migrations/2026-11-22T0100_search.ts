import { type Kysely, sql } from "kysely";

// Frozen in time: this file must not import application code.
//
// Full-text and fuzzy search. Derived search data lives in its own table, poem_search, filled after an import
// by refreshSearchIndex() (app/server/models/search.server.ts) rather than by a generated tsvector column on
// poems: parsing 61 MB of verse costs 13-15 s of CPU whichever way, but a generated column (and its GIN
// index) inside the import's upserts made the full import take 44-47 s instead of 9-12 s on PostgreSQL.
// A row is stale when its source_key no longer equals the poem's and the poet's content hashes.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create extension if not exists unaccent`.execute(db);

  // unaccent() is only STABLE (it reads its dictionary by name); naming the dictionary explicitly makes the
  // result fixed, so it may be declared IMMUTABLE and used in index expressions.
  await sql`
    create or replace function immutable_unaccent(text) returns text
    language sql immutable parallel safe strict
    as $$ select public.unaccent('public.unaccent'::regdictionary, $1) $$`.execute(db);
  // The one folding used for trigram matching: accents off, lower case.
  await sql`
    create or replace function search_fold(text) returns text
    language sql immutable parallel safe strict
    as $$ select lower(public.immutable_unaccent($1)) $$`.execute(db);

  // English stemming with accents folded first, so 'Léopardi' and 'Leopardi' give one lexeme. Only the token
  // types that can hold non-ASCII letters need the unaccent filter.
  await sql`create text search configuration poetry_english (copy = english)`.execute(db);
  await sql`
    alter text search configuration poetry_english
    alter mapping for word, hword, hword_part with public.unaccent, english_stem`.execute(db);
  // Names: no stemming and no stop words ('de', 'la', 'von' are parts of names).
  await sql`create text search configuration poetry_simple (copy = simple)`.execute(db);
  await sql`
    alter text search configuration poetry_simple
    alter mapping for word, hword, hword_part with public.unaccent, simple`.execute(db);

  await db.schema
    .createTable("poem_search")
    .addColumn("poem_id", "text", (c) => c.primaryKey().references("poems.id").onDelete("cascade"))
    // poems.content_hash || ':' || poets.content_hash at the time the row was built.
    .addColumn("source_key", "text", (c) => c.notNull())
    // Title (weight A) and poet name (weight B): small, stays inline in the row.
    .addColumn("head_vector", sql`tsvector`, (c) => c.notNull())
    // The whole text.
    .addColumn("body_vector", sql`tsvector`, (c) => c.notNull())
    // Characters of the text: shorter poems are scored first when a word is found in too many to score all.
    .addColumn("body_length", "integer", (c) => c.notNull())
    // The first two lines, folded, for fuzzy first-line matching.
    .addColumn("opening", "text", (c) => c.notNull())
    // The year that decides the time period: the poem's own, else its poet's (app/server/search/periods.ts).
    .addColumn("era_year", "integer")
    .execute();
  // Ranking and phrase checks read whole body vectors; they barely compress, so skip the decompression.
  await sql`alter table poem_search alter column body_vector set storage external`.execute(db);
  await sql`create index poem_search_head_idx on poem_search using gin (head_vector)`.execute(db);
  await sql`create index poem_search_body_idx on poem_search using gin (body_vector)`.execute(db);
  await sql`create index poem_search_opening_trgm_idx on poem_search using gin (opening gin_trgm_ops)`.execute(db);
  await sql`create index poem_search_era_idx on poem_search (era_year)`.execute(db);
  // No statistics on the searched columns, on purpose. With them, a word in half the poems makes a LIMITed
  // match look cheapest as a walk over the table testing every row, which unpacks every row's text vector
  // (~10 µs each); the default estimate keeps the GIN index, which answers without reading a vector. And
  // pg_trgm estimates its operators by running them over sampled values: on 300-character openings that
  // alone takes milliseconds of planning per query.
  for (const column of ["head_vector", "body_vector", "opening"]) {
    await sql`alter table poem_search alter column ${sql.ref(column)} set statistics 0`.execute(db);
  }

  // Folded titles and names, stored: trigram matching rechecks them row by row, and computing the fold there
  // (a SQL function call, ~5 µs) would dominate a fuzzy title search. Short texts, cheap to keep on insert.
  await sql`alter table poems add column title_fold text generated always as (search_fold(title)) stored`.execute(db);
  await sql`alter table poets add column name_fold text generated always as (search_fold(name)) stored`.execute(db);
  await sql`create index poems_title_trgm_idx on poems using gin (title_fold gin_trgm_ops)`.execute(db);
  // Titles starting with one or two letters: too short for trigrams.
  await sql`create index poems_title_fold_idx on poems (title_fold text_pattern_ops)`.execute(db);
  await sql`create index poets_name_trgm_idx on poets using gin (name_fold gin_trgm_ops)`.execute(db);
  // As for the openings: trigram estimates on sampled titles cost more planning time than they save.
  await sql`alter table poems alter column title_fold set statistics 0`.execute(db);
  await sql`alter table poets alter column name_fold set statistics 0`.execute(db);
  await sql`
    create index poets_name_fts_idx on poets
    using gin (to_tsvector('public.poetry_simple'::regconfig, name))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists poets_name_fts_idx`.execute(db);
  await sql`alter table poets drop column if exists name_fold`.execute(db);
  await sql`alter table poems drop column if exists title_fold`.execute(db);
  await db.schema.dropTable("poem_search").ifExists().execute();
  await sql`drop text search configuration if exists poetry_simple`.execute(db);
  await sql`drop text search configuration if exists poetry_english`.execute(db);
  await sql`drop function if exists search_fold(text)`.execute(db);
  await sql`drop function if exists immutable_unaccent(text)`.execute(db);
}
