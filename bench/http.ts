// HTTP benchmarks with autocannon against the built server on PostgreSQL with the full corpus.
import autocannon from "autocannon";
import pg from "pg";
import { appendResults, markdownTable } from "./results";
import { startStaticCopy } from "./nginx";
import { queries } from "./search";
import { type BenchServer, startBenchServer } from "./server";
import { signUpOverHttp } from "../tests/helpers/app-process";

export interface Target {
  name: string;
  /** Paths to cycle through, so caches see a realistic spread of keys. */
  paths: string[];
  /** Extra request headers (a signed-in reader's session cookie). */
  headers?: Record<string, string>;
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
  if (target.paths.length === 0) throw new Error(`${target.name}: no paths to request`);
  let i = 0;
  const result = await autocannon({
    url: base,
    connections: 50,
    ...(amount ? { amount } : { duration: seconds }),
    // As browsers ask: the server's compression is part of what is measured.
    headers: { "accept-encoding": "gzip, br", ...target.headers },
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

const BENCH_PORT = 3950;
const NGINX_PORT = 3951;

const ms = (value: number) => `${value} ms`;
const perSecond = (value: number) => Math.round(value).toLocaleString("en");

/**
 * Measures each target on the app and on nginx serving a saved copy of the same responses (bench/nginx.ts), one
 * after the other per target, and appends one table. Saving the copy requests every path once, so the app's
 * numbers are its steady state: each anonymous page rendered once, then answered by the response cache. The
 * cost of a render is what the signed-in rows show (those bypass the cache), and the run of commit a9c1737 in
 * RESULTS.md (before the cache existed).
 */
async function runTargets(title: string, targets: (server: BenchServer) => Promise<Target[]>, seconds: number) {
  const server = await startBenchServer(BENCH_PORT);
  try {
    const list = await targets(server);
    const anonymous = list.filter((t) => !t.headers);
    const nginx = await startStaticCopy(server.url, anonymous.flatMap((t) => t.paths), NGINX_PORT);
    const rows: string[][] = [];
    try {
      // Signed-in targets have no static counterpart of their own: their ceiling is nginx sending the same
      // pages as files, the anonymous row over the same paths.
      const ceilings = new Map<string, Measured>();
      for (const target of list) {
        // One pass over the paths first, not counted, on either server: the JIT and the pools are warm, and the
        // code that answers a cache hit has run before (saving the copy only met each page's miss).
        const warm = Math.min(target.paths.length, 500);
        await measure(server.url, target, 0, warm);
        const app = await measure(server.url, target, seconds);
        const key = target.paths.join("\n");
        let ceiling = ceilings.get(key);
        if (!ceiling) {
          const staticTarget = { name: target.name, paths: target.paths };
          await measure(nginx.url, staticTarget, 0, warm);
          ceiling = await measure(nginx.url, staticTarget, seconds);
        }
        ceilings.set(key, ceiling);
        console.log(`${target.name}: app ${perSecond(app.rps)} req/s p50 ${app.p50} p99 ${app.p99}; nginx ${perSecond(ceiling.rps)} req/s`);
        const failures = app.errors + app.non2xx + ceiling.errors + ceiling.non2xx;
        rows.push([
          target.name,
          perSecond(app.rps),
          ms(app.p50),
          ms(app.p99),
          perSecond(ceiling.rps),
          ms(ceiling.p50),
          ms(ceiling.p99),
          `${Math.round((app.rps / ceiling.rps) * 100)} %`,
          String(failures),
        ]);
      }
    } finally {
      await nginx.stop();
    }
    const table = markdownTable(
      ["target", "app req/s", "app p50", "app p99", "nginx req/s", "nginx p50", "nginx p99", "app / nginx", "errors + non-2xx"],
      rows,
    );
    const note = process.env.BENCH_NOTE ? `${process.env.BENCH_NOTE}\n\n` : "";
    return appendResults(
      `${title}, PostgreSQL, full corpus, autocannon 50 connections × ${seconds} s per target, against nginx serving a saved copy`,
      `${note}${table}`,
    );
  } finally {
    await server.stop();
  }
}

const benchSeconds = () => Number(process.env.BENCH_SECONDS ?? 10);

async function apiTargets({ databaseUrl }: BenchServer): Promise<Target[]> {
  const ids = await samplePoemIds(databaseUrl, 500);
  return [
    { name: "GET /api/poems/{id}", paths: ids.map((id) => `/api/poems/${id}`) },
    { name: "GET /api/search?q=…", paths: queries().map((q) => `/api/search?${new URLSearchParams({ q })}`) },
    { name: "GET /api/poems?page=N", paths: Array.from({ length: 50 }, (_, n) => `/api/poems?page=${n + 1}`) },
  ];
}

async function pageTargets({ databaseUrl, url }: BenchServer): Promise<Target[]> {
  const [ids, poets] = await Promise.all([samplePoemIds(databaseUrl, 500), samplePoetDirectories(databaseUrl, 200)]);
  const poemPaths = ids.map((id) => `/poems/${id}`);
  return [
    { name: "poem page GET /poems/{id}", paths: poemPaths },
    { name: "poem page, signed in", paths: poemPaths, headers: { cookie: await signUpOverHttp(url) } },
    { name: "poet page GET /authors/{directory}", paths: poets.map((d) => `/authors/${d}`) },
    { name: "poems catalogue GET /poems?page=N", paths: Array.from({ length: 50 }, (_, n) => `/poems?page=${n + 1}`) },
  ];
}

/** `npm run bench -- api`: GET /api/poems/{id} over 500 poems, /api/search over the search bench's queries, catalogue pages. */
export function benchApi(seconds = benchSeconds()): Promise<string> {
  return runTargets("API reads on the built server (`npm run bench -- api`)", apiTargets, seconds);
}

/** `npm run bench -- pages`: the poem page (anonymous and signed in), the poet page and the poems catalogue. */
export function benchPages(seconds = benchSeconds()): Promise<string> {
  return runTargets("Pages rendered by the built server (`npm run bench -- pages`)", pageTargets, seconds);
}

/** `npm run bench -- http`: the pages and the API in one run and one table (what `npm run bench` runs). */
export function benchHttp(seconds = benchSeconds()): Promise<string> {
  return runTargets(
    "Pages and API on the built server (`npm run bench -- http`)",
    async (server) => [...(await pageTargets(server)), ...(await apiTargets(server))],
    seconds,
  );
}
