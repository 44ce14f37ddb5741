import { type Kysely, sql } from "kysely";

// Frozen in time: this file must not import application code.
//
// The folded title beside the head vector. Ranking a title search tests every candidate's folded title (is
// it the query, does it start with it); read from poems, that was an index lookup per candidate (up to 1,001
// of them for a common word: ~3-6 ms of a search). Kept in step by refreshSearchIndex, whose source_key
// changes with the poem's content hash, and so with its title.
//
// Nullable (expand/contract): the previous release's refresh, still running during a roll, does not write it.
// A row left without it ranks without the title bonus until refreshSearchIndex, which treats it as stale,
// rebuilds it.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table poem_search add column title_fold text`.execute(db);
  await sql`update poem_search s set title_fold = p.title_fold from poems p where p.id = s.poem_id`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table poem_search drop column if exists title_fold`.execute(db);
}
