// Search latency: 200 queries of eight kinds, p50/p95/p99 per kind, appended to bench/RESULTS.md.
//
//   npm run bench -- search                                        the built server over HTTP, on a fresh PostgreSQL
//                                                                  database with the full corpus (BENCH_DATABASE_URL's
//                                                                  server, else DATABASE_URL's, else the machine's), then
//                                                                  the same queries in process on PGlite
//                                                                  (BENCH_SEARCH_PGLITE=0 skips it)
//   BENCH_BASE_URL=http://127.0.0.1:3000 npm run bench -- search   a running server, over HTTP
//
// Over HTTP every measured request must reach the search itself: each carries its own `n` parameter (which
// /api/search ignores), so the in-process response cache cannot answer it, and an X-Cache other than MISS
// fails the run.
import http from "node:http";
import { runImport } from "../pipeline/import";
import { createDb, type DB } from "~/server/db.server";
import { migrateToLatest } from "~/server/db/migrate.server";
import { refreshSearchIndex, search } from "~/server/models/search.server";
import { parseSearchParams } from "~/server/search/params";
import { env } from "~/server/env.server";
import { appendResults, markdownTable } from "./results";
import { startBenchServer } from "./server";

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

/** Every distinct query of every kind, in a fixed order (the HTTP benchmark's /api/search paths). */
export function queries(): string[] {
  return [...new Set(Object.values(KINDS).flat())];
}

/** Runs one query; `n` numbers the request within the run. Over HTTP it answers the server's own time, in ms. */
export type Runner = (query: string, n: number) => Promise<number | undefined | void>;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
}

/**
 * Runs every kind (interleaved, so a slow moment of the machine does not land on one kind) and tabulates. When
 * the runner reports the server's own time (Server-Timing), its p50 and p95 follow: the rest is transport.
 */
export async function measure(run: Runner): Promise<string[][]> {
  const plan = Object.entries(KINDS).flatMap(([kind, list]) =>
    Array.from({ length: QUERIES_PER_KIND }, (_, i) => ({ kind, q: list[i % list.length], i })),
  );
  plan.sort((a, b) => a.i - b.i || a.kind.localeCompare(b.kind));
  // Warm the caches and the connection pool; not counted.
  let n = 0;
  for (const { q } of plan.slice(0, 16)) await run(q, n++);
  const times = new Map<string, number[]>();
  const serverTimes = new Map<string, number[]>();
  for (const { kind, q } of plan) {
    const start = performance.now();
    const server = await run(q, n++);
    const ms = performance.now() - start;
    times.set(kind, [...(times.get(kind) ?? []), ms]);
    if (typeof server === "number") serverTimes.set(kind, [...(serverTimes.get(kind) ?? []), server]);
  }
  const sorted = (list: number[]) => [...list].sort((a, b) => a - b);
  const row = (name: string, list: number[], server: number[]) => [
    name,
    String(list.length),
    ...[0.5, 0.95, 0.99].map((p) => percentile(sorted(list), p).toFixed(1)),
    ...(server.length ? [0.5, 0.95].map((p) => percentile(sorted(server), p).toFixed(1)) : []),
  ];
  const all = (map: Map<string, number[]>) => [...map.values()].flat();
  return [
    ...[...times].map(([kind, list]) => row(kind, list, serverTimes.get(kind) ?? [])),
    row("**all**", all(times), all(serverTimes)),
  ];
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

interface HttpRunner {
  run: Runner;
  /** How many answers carried each X-Cache value. */
  cache: Map<string, number>;
  close(): void;
}

const RUN = `${process.pid}-${Date.now()}`;

/** GET /api/search, one request after another on one keep-alive connection, as a browser tab sends them. */
function overHttp(base: string): HttpRunner {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const cache = new Map<string, number>();
  const run: Runner = (q, n) =>
    new Promise((resolve, reject) => {
      // The run's own mark too, so a second run against the same server (BENCH_BASE_URL) misses the cache as well.
      const url = new URL(`/api/search?${queryString(q)}&n=${n}.${RUN}`, base);
      const req = http.get(url, { agent, headers: { "accept-encoding": "gzip, br" } }, (res) => {
        const state = String(res.headers["x-cache"] ?? "none");
        cache.set(state, (cache.get(state) ?? 0) + 1);
        const timing = /\bsearch;dur=([\d.]+)/.exec(String(res.headers["server-timing"] ?? ""));
        res.resume();
        res.on("error", reject);
        res.on("end", () =>
          res.statusCode === 200
            ? resolve(timing ? Number(timing[1]) : undefined)
            : reject(new Error(`${q}: HTTP ${res.statusCode}`)),
        );
      });
      req.on("error", reject);
    });
  return { run, cache, close: () => agent.destroy() };
}

export async function measureOverHttp(base: string): Promise<{ rows: string[][]; cache: string }> {
  const client = overHttp(base);
  try {
    const rows = await measure(client.run);
    const cache = [...client.cache].map(([state, count]) => `${count} × ${state}`).join(", ");
    if ([...client.cache.keys()].some((state) => state !== "MISS")) {
      throw new Error(`some searches were not answered by the search itself (X-Cache: ${cache})`);
    }
    return { rows, cache };
  } finally {
    client.close();
  }
}

async function preparePglite(db: DB): Promise<string> {
  await migrateToLatest(db);
  const start = performance.now();
  const report = await runImport(db, { paths: [env().CORPUS_DIR] });
  const line = `PGlite (in memory): runImport (search index included) of ${report.poems.inserted} poems ${((performance.now() - start) / 1000).toFixed(1)} s; a further refreshSearchIndex found ${await refreshSearchIndex(db)} stale.`;
  console.log(line);
  return line;
}

const HEADER = ["kind", "queries", "p50 ms", "p95 ms", "p99 ms"];
/** Over HTTP, also the server's own time (its Server-Timing header): the search without the transport. */
const HTTP_HEADER = [...HEADER, "search() p50 ms", "search() p95 ms"];
const REQUEST =
  "Default request: all four fields, page 1, per_page 10, counts on, fuzzy fallback automatic; gzip/br accepted.";

export async function benchSearch(): Promise<string> {
  const base = process.env.BENCH_BASE_URL;
  if (base) {
    const { rows, cache } = await measureOverHttp(base);
    return appendResults(
      `Search latency over HTTP (${base})`,
      `${REQUEST} X-Cache: ${cache}.\n\n${markdownTable(HTTP_HEADER, rows)}`,
    );
  }
  const sections: string[] = [];
  const server = await startBenchServer(Number(process.env.BENCH_PORT ?? 3900));
  try {
    const { rows, cache } = await measureOverHttp(server.url);
    sections.push(
      `PostgreSQL 15, the built server over HTTP (\`poetry serve\`, GET /api/search on one keep-alive connection; X-Cache: ${cache}):\n\n${markdownTable(HTTP_HEADER, rows)}`,
    );
  } finally {
    await server.stop();
  }
  if (process.env.BENCH_SEARCH_PGLITE !== "0") {
    const db = createDb({ pgliteDir: "memory://" });
    try {
      const note = await preparePglite(db);
      const rows = await measure(inProcess(db));
      sections.push(`${note}\n\nPGlite, in process (search() as the /api/search loader calls it):\n\n${markdownTable(HEADER, rows)}`);
    } finally {
      await db.destroy();
    }
  }
  return appendResults("Search latency (`npm run bench -- search`)", `${REQUEST}\n\n${sections.join("\n\n")}`);
}

// Run directly: `npx tsx bench/search.ts`.
if (import.meta.url === `file://${process.argv[1]}`) await benchSearch();
