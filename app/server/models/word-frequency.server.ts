import path from "node:path";
import { sql } from "kysely";
import type { DB } from "../db.server";
import type { WordFrequency } from "~/lib/word-frequency";
import { env, PROJECT_ROOT } from "../env.server";

/** The word_counts scope of the whole corpus ("All Poems"); poet ids start at 1. */
export const WHOLE_CORPUS_SCOPE = 0;
export {
  DEFAULT_WORD_FREQUENCY_LIMIT,
  WORD_FREQUENCY_LIMITS,
  type WordFrequency,
  wordFrequencyCacheFile,
} from "~/lib/word-frequency";

export interface WordFrequencyPoet {
  id: number;
  directory_name: string;
  name: string;
}

/** The top `limit` words of a scope (a poet's id or WHOLE_CORPUS_SCOPE), most frequent first, ties A to Z. */
export async function topWords(
  db: DB,
  options: { scope: number; limit: number; excludeCommon: boolean },
): Promise<WordFrequency[]> {
  let query = db
    .selectFrom("word_counts")
    .select(["word", "frequency"])
    .where("scope", "=", options.scope)
    .orderBy("frequency", "desc")
    .orderBy("word", "asc")
    .limit(options.limit);
  if (options.excludeCommon) query = query.where(sql<boolean>`not is_common`);
  const rows = await query.execute();
  return rows.map((r) => ({ word: r.word, frequency: Number(r.frequency) }));
}

/** A poet by directory (the URL key) or, for an all-digits key, by numeric id. */
export async function findWordFrequencyPoet(db: DB, key: string): Promise<WordFrequencyPoet | undefined> {
  let query = db.selectFrom("poets").select(["id", "directory as directory_name", "name"]);
  query = /^\d{1,9}$/.test(key)
    ? query.where((eb) => eb.or([eb("directory", "=", key), eb("id", "=", Number(key))]))
    : query.where("directory", "=", key);
  return query.executeTakeFirst();
}

/** Poets that have poems, by sort name: the options of the screen's poet selector. */
export async function listWordFrequencyPoets(db: DB): Promise<WordFrequencyPoet[]> {
  return db
    .selectFrom("poets")
    .select(["id", "directory as directory_name", "name"])
    .where("poem_count", ">", 0)
    .orderBy("sort_name")
    .orderBy("name")
    .execute();
}

/** The word-frequency cache folder of the PostgreSQL database at `databaseUrl` (one per database, under data/). */
export function wordFrequencyCacheDirFor(databaseUrl: string): string {
  const name = new URL(databaseUrl).pathname.replace(/^\//, "").replace(/[^\w.-]/g, "_") || "postgres";
  return path.join(PROJECT_ROOT, "data", `word-frequency-${name}`);
}

/**
 * Where `poetry wordfreq` writes the static all-poems caches, served at /word-frequency/{file}. It sits
 * beside the database it was computed from (data/word-frequency for data/pglite; data/e2e/word-frequency for
 * the e2e database; data/word-frequency-{database} on PostgreSQL), so two databases never share caches.
 */
export function wordFrequencyCacheDir(): string {
  const e = env();
  if (e.DATABASE_URL) return wordFrequencyCacheDirFor(e.DATABASE_URL);
  return path.join(path.dirname(path.resolve(PROJECT_ROOT, e.PGLITE_DIR)), "word-frequency");
}
