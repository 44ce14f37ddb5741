import { createHash } from "node:crypto";
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { sql, type Transaction } from "kysely";
import type { DB } from "~/server/db.server";
import type { Database } from "~/server/db/schema";
import {
  topWords,
  WHOLE_CORPUS_SCOPE,
  WORD_FREQUENCY_LIMITS,
  wordFrequencyCacheFile,
} from "~/server/models/word-frequency.server";
import { garbageBudget } from "./collect-garbage";
import { isCommonWord, STOP_WORDS } from "./stop-words";
import { WordCounter } from "./word-counter";

/**
 * Counts words per poet and for the whole corpus into word_counts. Incremental: each poet's counts carry a
 * hash of its poems' content hashes (and of the tokenizer version and stop-word list), so a run recounts only
 * poets whose poems were added, changed or removed, then the corpus total when anything changed.
 */

/** Bump when tokenizeWords changes what it produces: every poet is then counted again. */
export const TOKENIZER_VERSION = "wink-1";
const VERSION_HASH = createHash("sha1")
  .update(`${TOKENIZER_VERSION}\n${[...STOP_WORDS].sort().join(" ")}`)
  .digest("hex")
  .slice(0, 12);

/**
 * Characters of poem text read (and sent to the word counter) between two full collections on this thread:
 * each read outlives the young generation, and V8 let dead reads pile up in the old one.
 */
const GC_EVERY_CHARS_READ = 4_000_000;

/** Poets whose texts are read together before their counts are written. */
const POETS_PER_READ = 25;
/** The largest limit any answer uses: each scope keeps this many words, with and without common words. */
const MAX_LIMIT = Math.max(...WORD_FREQUENCY_LIMITS);

export interface WordFreqProgress {
  phase: "poets" | "corpus" | "cache";
  done: number;
  total: number;
}

export interface WordFreqOptions {
  /** Write the static all-poems caches here (one JSON per with/without common words × limit). */
  cacheDir?: string;
  /** Recount every poet even when its poems did not change. */
  force?: boolean;
  onProgress?: (progress: WordFreqProgress) => void;
}

export interface WordFreqReport {
  poetsCounted: number;
  poetsUnchanged: number;
  poetsRemoved: number;
  corpusRecounted: boolean;
  /** Distinct words in the whole corpus, when it was recounted. */
  corpusWords: number | null;
  cacheFiles: string[];
  durationMs: number;
}

export async function refreshWordFrequencies(db: DB, options: WordFreqOptions = {}): Promise<WordFreqReport> {
  const started = Date.now();
  const progress = options.onProgress ?? (() => {});

  const sources = await db
    .selectFrom("poems")
    .select(["poet_id", sql<string>`md5(string_agg(content_hash, ',' order by id))`.as("hash")])
    .groupBy("poet_id")
    .execute();
  const stored = new Map(
    (await db.selectFrom("word_count_sources").select(["poet_id", "source_hash"]).execute()).map((r) => [
      r.poet_id,
      r.source_hash,
    ]),
  );
  const current = new Map(sources.map((s) => [s.poet_id, `${VERSION_HASH}:${s.hash}`]));
  const changed = [...current].filter(([id, hash]) => options.force || stored.get(id) !== hash).map(([id]) => id);
  const removed = [...stored.keys()].filter((id) => !current.has(id));

  let done = 0;
  progress({ phase: "poets", done, total: changed.length });
  // Started only when there is something to count: a run with no changes never loads the tokenizer.
  const counter = changed.length > 0 ? new WordCounter() : null;
  const spendRead = garbageBudget(GC_EVERY_CHARS_READ);
  try {
    for (let i = 0; counter && i < changed.length; i += POETS_PER_READ) {
      const ids = changed.slice(i, i + POETS_PER_READ);
      const poems = await db.selectFrom("poems").select(["poet_id", "content"]).where("poet_id", "in", ids).execute();
      const texts = new Map<number, string[]>(ids.map((id) => [id, []]));
      for (const poem of poems) texts.get(poem.poet_id)?.push(poem.content);
      // One poet ahead: the worker tokenizes the next poet while this one's counts are written.
      let next = counter.count(texts.get(ids[0]) ?? []);
      for (const [index, id] of ids.entries()) {
        const counts = await next;
        if (index + 1 < ids.length) next = counter.count(texts.get(ids[index + 1]) ?? []);
        await writeScope(db, id, counts, current.get(id)!);
        progress({ phase: "poets", done: ++done, total: changed.length });
      }
      spendRead(poems.reduce((sum, poem) => sum + poem.content.length, 0));
    }
  } finally {
    await counter?.close();
  }

  if (removed.length > 0) {
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom("word_counts").where("scope", "in", removed).execute();
      await trx.deleteFrom("word_count_sources").where("poet_id", "in", removed).execute();
    });
  }
  // Scopes of poets deleted outright (their source rows went with them by cascade).
  await sql`delete from word_counts w where w.scope <> ${WHOLE_CORPUS_SCOPE}
    and not exists (select 1 from word_count_sources s where s.poet_id = w.scope)`.execute(db);

  const hasCorpus = await db
    .selectFrom("word_counts")
    .select("word")
    .where("scope", "=", WHOLE_CORPUS_SCOPE)
    .limit(1)
    .executeTakeFirst();
  const corpusRecounted = changed.length > 0 || removed.length > 0 || (!hasCorpus && current.size > 0);
  let corpusWords: number | undefined;
  if (corpusRecounted) {
    progress({ phase: "corpus", done: 0, total: 1 });
    // The corpus total is summed from every poet's stored counts, so unchanged poets are not tokenized again.
    const total = new Map<string, number>();
    const stored = await db.selectFrom("word_count_sources").select("counts").execute();
    for (const row of stored) {
      for (const [word, n] of JSON.parse(row.counts) as [string, number][]) total.set(word, (total.get(word) ?? 0) + n);
    }
    corpusWords = total.size;
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom("word_counts").where("scope", "=", WHOLE_CORPUS_SCOPE).execute();
      await insertTopWords(trx, WHOLE_CORPUS_SCOPE, total);
    });
    progress({ phase: "corpus", done: 1, total: 1 });
  }

  const cacheFiles = options.cacheDir ? await writeCaches(db, options.cacheDir, progress) : [];
  return {
    poetsCounted: changed.length,
    poetsUnchanged: current.size - changed.length,
    poetsRemoved: removed.length,
    corpusRecounted,
    corpusWords: corpusWords ?? null,
    cacheFiles,
    durationMs: Date.now() - started,
  };
}

/** Most frequent first, ties A to Z. */
function byFrequency(a: [string, number], b: [string, number]): number {
  return b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
}

/**
 * The rows a scope keeps: its MAX_LIMIT most frequent words and its MAX_LIMIT most frequent uncommon words,
 * enough for every answer (the largest limit is MAX_LIMIT), in one statement whatever the vocabulary.
 */
async function insertTopWords(trx: Transaction<Database>, scope: number, counts: Map<string, number>): Promise<void> {
  const ranked = [...counts].sort(byFrequency);
  const kept = new Map<string, number>(ranked.slice(0, MAX_LIMIT));
  let uncommon = 0;
  for (const [word, n] of ranked) {
    if (uncommon >= MAX_LIMIT) break;
    if (isCommonWord(word)) continue;
    uncommon++;
    kept.set(word, n);
  }
  if (kept.size === 0) return;
  const words = [...kept.keys()];
  const frequencies = words.map((w) => kept.get(w)!);
  const common = words.map(isCommonWord);
  await sql`insert into word_counts (scope, word, frequency, is_common)
    select ${scope}, w, f, c
    from unnest(cast(${words} as text[]), cast(${frequencies} as int[]), cast(${common} as boolean[])) as t(w, f, c)`.execute(
    trx,
  );
}

/** Replaces one poet's counts and records what they were computed from, in one transaction. */
async function writeScope(db: DB, scope: number, counts: Map<string, number>, sourceHash: string): Promise<void> {
  const all = JSON.stringify([...counts]);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("word_counts").where("scope", "=", scope).execute();
    await insertTopWords(trx, scope, counts);
    await trx
      .insertInto("word_count_sources")
      .values({ poet_id: scope, source_hash: sourceHash, counts: all })
      .onConflict((oc) =>
        oc.column("poet_id").doUpdateSet({ source_hash: sourceHash, counts: all, counted_at: sql`now()` }),
      )
      .execute();
  });
}

/** The static caches of all poems, written atomically (temporary file, then rename). */
async function writeCaches(db: DB, dir: string, progress: (p: WordFreqProgress) => void): Promise<string[]> {
  await mkdir(dir, { recursive: true });
  const files: string[] = [];
  const total = WORD_FREQUENCY_LIMITS.length * 2;
  for (const excludeCommon of [true, false]) {
    for (const limit of WORD_FREQUENCY_LIMITS) {
      const words = await topWords(db, { scope: WHOLE_CORPUS_SCOPE, limit, excludeCommon });
      const file = path.join(dir, wordFrequencyCacheFile(excludeCommon, limit));
      const temporary = `${file}.${process.pid}.tmp`;
      await writeFile(temporary, `${JSON.stringify(words)}\n`);
      await rename(temporary, file);
      files.push(file);
      progress({ phase: "cache", done: files.length, total });
    }
  }
  return files;
}
