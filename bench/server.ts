// A built server on a fresh PostgreSQL database holding the full corpus, for the HTTP benchmarks.
import { spawn, type ChildProcess } from "node:child_process";
import pg from "pg";
import { createDb } from "~/server/db.server";
import { migrateToLatest } from "~/server/db/migrate.server";
import { env, PROJECT_ROOT } from "~/server/env.server";
import { runImport } from "../pipeline/import";

export interface BenchServer {
  url: string;
  databaseUrl: string;
  stop(): Promise<void>;
}

const BASE = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: BASE });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("server did not become healthy within 2 minutes");
}

/**
 * Imports the corpus into a new database, then starts `poetry serve --no-import --no-build` on it, with the
 * /api rate limit off so load runs measure the server rather than the limiter's 429s.
 */
export async function startBenchServer(port = 3900): Promise<BenchServer> {
  const name = `poetry_bench_${Date.now()}`;
  await admin((c) => c.query(`create database ${name}`));
  const url = new URL(BASE);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const db = createDb({ databaseUrl });
  await migrateToLatest(db);
  await runImport(db, { paths: [env().CORPUS_DIR] });
  await db.destroy();

  const child = spawn(
    process.execPath,
    ["--import", "tsx", "cli/index.ts", "serve", "--no-import", "--no-build", "--port", String(port), "--host", "127.0.0.1"],
    { cwd: PROJECT_ROOT, env: { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: "production", API_RATE_LIMIT: "0" }, stdio: "inherit" },
  );
  const base = `http://127.0.0.1:${port}`;
  await waitForHealth(base, child);
  return {
    url: base,
    databaseUrl,
    async stop() {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
      await admin((c) => c.query(`drop database if exists ${name} with (force)`));
    },
  };
}
