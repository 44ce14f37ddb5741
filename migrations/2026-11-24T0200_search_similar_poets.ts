import { type Kysely, sql } from "kysely";

// Frozen in time: this file must not import application code.
//
// Poets whose name is spelled like a query, through the trigram index on their folded names. There are only
// a few hundred poets, so the planner prefers reading them all and comparing each name (word_similarity on
// every row: 2-4 ms of a 'Shelly' search, done twice, for the poets and for their poems); the index hands
// over the one or two names worth comparing. A function, because only its own setting can turn that choice
// off for one statement (a set-returning SQL function with a SET clause is run as written, not inlined).

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function search_similar_poets(query text)
    returns table (poet_id integer, similarity real)
    language sql stable strict parallel safe rows 5
    set enable_seqscan = off
    as $$ select id, word_similarity(query, name_fold) from poets where query <% name_fold $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function if exists search_similar_poets(text)`.execute(db);
}
