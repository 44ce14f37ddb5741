// HTTP benchmarks with autocannon against the built server on PostgreSQL with the full corpus.
import autocannon from "autocannon";
import pg from "pg";
import { appendResults, markdownTable } from "./results";
import { type BenchServer, startBenchServer } from "./server";

export interface Target {
  name: string;
  /** Paths to cycle through, so caches see a realistic spread of keys. */
  paths: string[];
}

interface Measured {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** Runs for `seconds`, or, given `amount`, until that many requests have been answered. */
async function measure(base: string, target: Target, seconds: number, amount?: number): Promise<Measured> {
  let i = 0;
  const result = await autocannon({
    url: base,
    connections: 50,
    ...(amount ? { amount } : { duration: seconds }),
    // As browsers ask: the server's compression is part of what is measured.
    headers: { "accept-encoding": "gzip, br" },
    requests: [
      {
        setupRequest: (req) => ({ ...req, path: target.paths[i++ % target.paths.length] }),
      },
    ],
  });
  return {
    name: target.name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

async function sample(databaseUrl: string, query: string, count: number): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ key: string }>(query, [count]);
    return rows.map((r) => r.key);
  } finally {
    await client.end();
  }
}

/** A spread of real keys, in a fixed pseudo-random order so runs compare. */
const samplePoemIds = (url: string, count: number) =>
  sample(url, "select id as key from poems order by md5(id) limit $1", count);
const samplePoetDirectories = (url: string, count: number) =>
  sample(url, "select directory as key from poets where poem_count > 0 order by md5(directory) limit $1", count);

/** Measures each target after one warm-up pass and appends the table under `title`. */
async function runTargets(title: string, targets: (server: BenchServer) => Promise<Target[]>, seconds: number) {
  const server = await startBenchServer();
  try {
    const list = await targets(server);
    // Warm up: every path once, so what follows measures the steady state (each page rendered, then kept by
    // the response cache) rather than the first renders. The uncached cost is the figure of a run before
    // the cache existed (commit a9c1737 in RESULTS.md).
    for (const target of list) await measure(server.url, target, 0, target.paths.length);
    const rows: string[][] = [];
    for (const target of list) {
      const m = await measure(server.url, target, seconds);
      console.log(`${m.name}: ${Math.round(m.rps)} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms`);
      rows.push([m.name, Math.round(m.rps).toLocaleString("en"), `${m.p50} ms`, `${m.p99} ms`, String(m.errors), String(m.non2xx)]);
    }
    const table = markdownTable(["request", "req/s", "p50", "p99", "errors", "non-2xx"], rows);
    return appendResults(`${title}, PostgreSQL, full corpus, autocannon 50 connections × ${seconds} s`, table);
  } finally {
    await server.stop();
  }
}

const benchSeconds = () => Number(process.env.BENCH_SECONDS ?? 10);

/** `npm run bench -- api`: GET /api/poems/{id} over 500 different poems, and catalogue pages of the API. */
export function benchApi(seconds = benchSeconds()): Promise<string> {
  return runTargets(
    "API reads on the built server (`npm run bench -- api`)",
    async ({ databaseUrl }) => {
      const ids = await samplePoemIds(databaseUrl, 500);
      return [
        { name: "GET /api/poems/{id}", paths: ids.map((id) => `/api/poems/${id}`) },
        { name: "GET /api/poems?page=N", paths: Array.from({ length: 50 }, (_, n) => `/api/poems?page=${n + 1}`) },
      ];
    },
    seconds,
  );
}

/** `npm run bench -- pages`: server-rendered HTML of the poem page, the poems catalogue and the poet page. */
export function benchPages(seconds = benchSeconds()): Promise<string> {
  return runTargets(
    "Pages rendered by the built server, anonymous reader (`npm run bench -- pages`)",
    async ({ databaseUrl }) => {
      const [ids, poets] = await Promise.all([samplePoemIds(databaseUrl, 500), samplePoetDirectories(databaseUrl, 200)]);
      return [
        { name: "GET /poems/{id}", paths: ids.map((id) => `/poems/${id}`) },
        { name: "GET /poems?page=N", paths: Array.from({ length: 50 }, (_, n) => `/poems?page=${n + 1}`) },
        { name: "GET /authors/{directory}", paths: poets.map((d) => `/authors/${d}`) },
      ];
    },
    seconds,
  );
}
