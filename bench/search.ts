// Search latency: 200 queries of eight kinds, p50/p95/p99 per kind, appended to bench/RESULTS.md.
//
//   BENCH_BASE_URL=http://127.0.0.1:3000 npm run bench -- search   a running server, over HTTP
//   npm run bench -- search                                        in-process, on a fresh PostgreSQL database
//                                                                  (BENCH_DATABASE_URL or the local `test` server)
//                                                                  and then on PGlite (BENCH_SEARCH_PGLITE=0 skips it)
import pg from "pg";
import { runImport } from "../pipeline/import";
import { createDb, type DB } from "~/server/db.server";
import { migrateToLatest } from "~/server/db/migrate.server";
import { refreshSearchIndex, search } from "~/server/models/search.server";
import { parseSearchParams } from "~/server/search/params";
import { env } from "~/server/env.server";
import { appendResults, markdownTable } from "./results";

const QUERIES_PER_KIND = 25;

/** Eight kinds of what visitors type; each list is cycled to QUERIES_PER_KIND queries. */
export const KINDS: Record<string, string[]> = {
  "rare word": [
    "albatross",
    "marigold",
    "pilgrimage",
    "sepulchre",
    "tambourine",
    "kestrel",
    "lighthouse",
    "quicksilver",
    "chrysanthemum",
    "porcupine",
    "xanadu",
    "innisfree",
    "gondolier",
    "mistletoe",
    "telescope",
    "buttercup",
    "cathedral",
    "harpsichord",
    "avalanche",
    "nightjar",
    "persimmon",
    "saffron",
    "tapestry",
    "lagoon",
    "falconer",
  ],
  "common word": ["love", "love", "love", "night", "heart", "death", "love", "life", "day"],
  "two words": [
    "summer rain",
    "silver moon",
    "green hills",
    "cold winter",
    "sweet bird",
    "dark sea",
    "golden hair",
    "morning light",
    "lonely heart",
    "autumn leaves",
    "old church",
    "red rose",
    "wild flowers",
  ],
  phrase: [
    '"to autumn"',
    '"antique land"',
    '"west wind"',
    '"my love"',
    '"the sea"',
    '"broken heart"',
    '"summer day"',
    '"the raven"',
    '"lonely as a cloud"',
    '"midnight dreary"',
    '"true love"',
  ],
  prefix: [
    "nightin",
    "daffo",
    "remem",
    "eterni",
    "melanch",
    "whisp",
    "thund",
    "sorrowf",
    "beaut",
    "wander",
    "immort",
    "shado",
    "glimm",
  ],
  "fuzzy name": [
    "Shelly",
    "Keets",
    "Wordsworht",
    "Tennison",
    "Browing",
    "Dickenson",
    "Bryon",
    "Longfelow",
    "Whitmann",
    "Shakespear",
    "Emily Dickenson",
    "Yeets",
    "Kiplin",
    "Colridge",
    "Rosetti",
  ],
  "fuzzy title": [
    "ozymandius",
    "nightengale",
    "kubla kan",
    "daffodills",
    "jaberwocky",
    "the ravven",
    "dover beech",
    "ode to a skylerk",
    "innisfre",
    "tyger tygerr",
    "elegy in a contry churchyard",
    "the chariott",
  ],
  "mistyped first line": [
    "I met a travler from an antique land",
    "Season of mist and mellow fruitfullness",
    "Shall I compair thee to a summers day",
    "I wanderd lonely as a cloud",
    "Once apon a midnight dreary while I pondred",
    "Had we but world enuf and time",
    "The curfew tolls the nell of parting day",
    "Hope is the thing with fethers",
    "Because I could not stop for deth",
    "Hail to the blithe spirit",
    "Twas brillig and the slithy toves",
    "In Xanadu did Kubla Kahn",
    "My hart aches and a drowsy numbness",
    "O rose thou art sik",
    "The sea is calm to-night the tide is ful",
    "I will arize and go now and go to Innisfree",
    "I wander thru each chartered street",
  ],
};

export type Runner = (query: string) => Promise<void>;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
}

/** Runs every kind (interleaved, so a slow moment of the machine does not land on one kind) and tabulates. */
export async function measure(run: Runner): Promise<string[][]> {
  const plan = Object.entries(KINDS).flatMap(([kind, list]) =>
    Array.from({ length: QUERIES_PER_KIND }, (_, i) => ({ kind, q: list[i % list.length], i })),
  );
  plan.sort((a, b) => a.i - b.i || a.kind.localeCompare(b.kind));
  // Warm the caches and the connection pool; not counted.
  for (const { q } of plan.slice(0, 16)) await run(q);
  const times = new Map<string, number[]>();
  for (const { kind, q } of plan) {
    const start = performance.now();
    await run(q);
    const ms = performance.now() - start;
    times.set(kind, [...(times.get(kind) ?? []), ms]);
  }
  const all = [...times.values()].flat().sort((a, b) => a - b);
  const row = (name: string, list: number[]) => {
    const sorted = [...list].sort((a, b) => a - b);
    return [name, String(sorted.length), ...[0.5, 0.95, 0.99].map((p) => percentile(sorted, p).toFixed(1))];
  };
  return [...[...times].map(([kind, list]) => row(kind, list)), row("**all**", all)];
}

/** The query string of a request as the home dropdown and the results page send it. */
function queryString(q: string): string {
  return new URLSearchParams({ q }).toString();
}

export function inProcess(db: DB): Runner {
  return async (q) => {
    await search(db, parseSearchParams(new URLSearchParams(queryString(q))));
  };
}

function overHttp(base: string): Runner {
  return async (q) => {
    const response = await fetch(`${base.replace(/\/$/, "")}/api/search?${queryString(q)}`);
    if (response.status !== 200) throw new Error(`${q}: HTTP ${response.status}`);
    await response.arrayBuffer();
  };
}

async function withFreshPostgres<T>(fn: (db: DB) => Promise<T>): Promise<T> {
  const base = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const name = `poetry_bench_search_${Date.now()}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const db = createDb({ databaseUrl: url.toString() });
  try {
    return await fn(db);
  } finally {
    await db.destroy();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

async function prepare(db: DB, label: string): Promise<string> {
  await migrateToLatest(db);
  let start = performance.now();
  const report = await runImport(db, { paths: [env().CORPUS_DIR] });
  const importS = (performance.now() - start) / 1000;
  start = performance.now();
  const indexed = await refreshSearchIndex(db);
  const refreshS = (performance.now() - start) / 1000;
  // runImport may refresh the index itself (then the second call finds nothing to do): both are reported.
  const line = `${label}: runImport of ${report.poems.inserted} poems ${importS.toFixed(1)} s; then refreshSearchIndex indexed ${indexed} poems in ${refreshS.toFixed(1)} s.`;
  console.log(line);
  return line;
}

const HEADER = ["kind", "queries", "p50 ms", "p95 ms", "p99 ms"];

export async function benchSearch(): Promise<string> {
  const base = process.env.BENCH_BASE_URL;
  if (base) {
    const rows = await measure(overHttp(base));
    return appendResults(`Search latency over HTTP (${base})`, markdownTable(HEADER, rows));
  }
  const sections: string[] = [];
  const notes: string[] = [];
  const pgRows = await withFreshPostgres(async (db) => {
    notes.push(await prepare(db, "PostgreSQL 15"));
    return measure(inProcess(db));
  });
  sections.push(
    `PostgreSQL 15, in process (search() as the /api/search loader calls it):\n\n${markdownTable(HEADER, pgRows)}`,
  );
  if (process.env.BENCH_SEARCH_PGLITE !== "0") {
    const db = createDb({ pgliteDir: "memory://" });
    try {
      notes.push(await prepare(db, "PGlite (in memory)"));
      const rows = await measure(inProcess(db));
      sections.push(`PGlite, in process:\n\n${markdownTable(HEADER, rows)}`);
    } finally {
      await db.destroy();
    }
  }
  const body = `${notes.join("\n")}\n\nDefault request: all four fields, page 1, per_page 10, counts on, fuzzy fallback automatic.\n\n${sections.join("\n\n")}`;
  return appendResults("Search latency (`npm run bench -- search`)", body);
}

// Run directly: `npx tsx bench/search.ts`.
if (import.meta.url === `file://${process.argv[1]}`) await benchSearch();
