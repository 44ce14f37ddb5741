import type { DB } from "../db.server";
import { search } from "../models/search.server";
import { parseSearchParams } from "./params";

/**
 * A PostgreSQL backend's first search pays to load what later ones reuse: the stemmer, stop-word and unaccent
 * files, the plans of the search functions, the catalog entries of the tables, indexes and operators. Measured
 * on a fresh connection to the full corpus, that was about 7 ms over a search's statements (a statement alone
 * took up to 4 ms more than the next time). A serving process therefore runs one search of each kind on every
 * connection of its pool before it takes requests, and its pool keeps those connections (db.server.ts).
 */
const WARMING_QUERIES = ["love", '"summer day"', "nightin", "Shelly", "ozymandius", "I wanderd lonely as a cloud"];

/** Runs the warming searches on `connections` connections at once (each holds its own for the duration). */
export async function warmSearchConnections(db: DB, connections: number): Promise<void> {
  await Promise.all(
    Array.from({ length: connections }, () =>
      db.connection().execute(async (connection) => {
        for (const q of WARMING_QUERIES) await search(connection, parseSearchParams(new URLSearchParams({ q })));
      }),
    ),
  );
}
