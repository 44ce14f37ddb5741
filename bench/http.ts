// HTTP benchmarks with autocannon against the built server on PostgreSQL with the full corpus.
import autocannon from "autocannon";
import pg from "pg";
import { appendResults, markdownTable } from "./results";
import { startBenchServer } from "./server";

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

async function measure(base: string, target: Target, seconds: number): Promise<Measured> {
  let i = 0;
  const result = await autocannon({
    url: base,
    connections: 50,
    duration: seconds,
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

async function samplePoemIds(databaseUrl: string, count: number): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>("select id from poems order by md5(id) limit $1", [count]);
    return rows.map((r) => r.id);
  } finally {
    await client.end();
  }
}

/** `npm run bench -- api`: GET /api/poems/{id} over 500 different poems, 50 connections, 10 s. */
export async function benchApi(seconds = Number(process.env.BENCH_SECONDS ?? 10)): Promise<string> {
  const server = await startBenchServer();
  try {
    const ids = await samplePoemIds(server.databaseUrl, 500);
    // Warm up once so the first measurements are not connection set-up.
    await measure(server.url, { name: "warm-up", paths: ids.map((id) => `/api/poems/${id}`) }, 2);
    const targets: Target[] = [
      { name: "GET /api/poems/{id}", paths: ids.map((id) => `/api/poems/${id}`) },
      { name: "GET /api/poems?page=N", paths: Array.from({ length: 50 }, (_, n) => `/api/poems?page=${n + 1}`) },
    ];
    const rows: string[][] = [];
    for (const target of targets) {
      const m = await measure(server.url, target, seconds);
      console.log(`${m.name}: ${Math.round(m.rps)} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms`);
      rows.push([m.name, Math.round(m.rps).toLocaleString("en"), `${m.p50} ms`, `${m.p99} ms`, String(m.errors), String(m.non2xx)]);
    }
    const table = markdownTable(["request", "req/s", "p50", "p99", "errors", "non-2xx"], rows);
    return appendResults(
      `API reads on the built server, PostgreSQL, full corpus, autocannon 50 connections × ${seconds} s (\`npm run bench -- api\`)`,
      table,
    );
  } finally {
    await server.stop();
  }
}
