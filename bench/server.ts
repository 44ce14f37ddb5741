// A built server on a fresh PostgreSQL database holding the full corpus, for the HTTP benchmarks.
import pg from "pg";
import { env } from "~/server/env.server";
import { createAppDatabase, postgresBase, startAppProcess } from "../tests/helpers/app-process";

export interface BenchServer {
  url: string;
  databaseUrl: string;
  stop(): Promise<void>;
}

/**
 * Imports the corpus into a new database (BENCH_DATABASE_URL's server, else DATABASE_URL's, else the machine's),
 * then starts `poetry serve --no-import --no-build` on it, with the /api rate limit off so load runs measure the
 * server rather than the limiter's 429s.
 */
export async function startBenchServer(port = Number(process.env.BENCH_PORT ?? 3950)): Promise<BenchServer> {
  const database = await createAppDatabase(env().CORPUS_DIR, {
    prefix: "poetry_bench",
    base: process.env.BENCH_DATABASE_URL ?? postgresBase(),
  });
  await settle(database.url);
  const app = await startAppProcess({ port, databaseUrl: database.url, env: { API_RATE_LIMIT: "0" }, inherit: true });
  return {
    url: app.url,
    databaseUrl: database.url,
    async stop() {
      await app.stop();
      await database.drop();
    },
  };
}

/**
 * Lets PostgreSQL write out what the import left in its buffers before anything is measured: otherwise its
 * checkpointer spreads those writes over the next minutes (checkpoint_completion_target), during the run. Needs
 * a superuser or pg_checkpoint; without, the run goes on as it is.
 */
async function settle(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("checkpoint");
  } catch (error) {
    console.log(`No checkpoint before the run (${error instanceof Error ? error.message : String(error)}).`);
  } finally {
    await client.end();
  }
}
