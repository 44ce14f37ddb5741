/**
 * The e2e web server (started by playwright.config.ts): makes the small corpus slice, gives the run a fresh
 * database, then runs the real `poetry serve` in a child process with an environment pointing at both,
 * so its first-run import is exercised too. Playwright's webServer starts before globalSetup, so the
 * preparation lives here.
 *
 * Database: a new PGlite folder (data/e2e/pglite), or, when DATABASE_URL is set, a database `poetry_e2e`
 * on that server, dropped and recreated.
 */
import { spawn } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { PROJECT_ROOT } from "~/server/env.server";
import { smallCorpus } from "../helpers/corpus";
import { oidcServerEnv } from "./support/oidc";
import { E2E_AUDIO_DIR, E2E_DIR, E2E_PORT, type E2eState, STATE_FILE } from "./support/state";

const E2E_DATABASE = E2E_PORT === 3100 ? "poetry_e2e" : `poetry_e2e_${E2E_PORT}`;

async function freshPostgres(baseUrl: string): Promise<string> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${E2E_DATABASE} with (force)`);
    await admin.query(`create database ${E2E_DATABASE}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${E2E_DATABASE}`;
  return url.toString();
}

function freshPglite(): string {
  const dir = path.join(E2E_DIR, "pglite");
  rmSync(dir, { recursive: true, force: true });
  return dir;
}

const corpusDir = await smallCorpus();
// The /api rate limit stays on (its headers are checked) but far above what the whole suite calls.
const childEnv: NodeJS.ProcessEnv = {
  ...process.env,
  CORPUS_DIR: corpusDir,
  NODE_ENV: "production",
  API_RATE_LIMIT: "1000000",
  API_RATE_LIMIT_WINDOW: "60",
};
// OpenID Connect sign-in against the provider tests/e2e/oidc.spec.ts starts (contacted only when used).
Object.assign(childEnv, oidcServerEnv());
// Recordings the daily spec generates go to this run's own folder, never the developer's public/audio/daily.
childEnv.DAILY_AUDIO_DIR = E2E_AUDIO_DIR;
rmSync(E2E_AUDIO_DIR, { recursive: true, force: true });
let database: string;
if (process.env.DATABASE_URL) {
  childEnv.DATABASE_URL = await freshPostgres(process.env.DATABASE_URL);
  database = `PostgreSQL ${E2E_DATABASE}`;
} else {
  delete childEnv.DATABASE_URL;
  childEnv.PGLITE_DIR = freshPglite();
  database = `PGlite ${childEnv.PGLITE_DIR}`;
}

mkdirSync(path.dirname(STATE_FILE), { recursive: true });
const state: E2eState = { corpusDir, database };
writeFileSync(STATE_FILE, `${JSON.stringify(state, null, 2)}\n`);
process.stdout.write(`e2e server: corpus ${corpusDir}, database ${database}\n`);

const tsx = path.join(PROJECT_ROOT, "node_modules", ".bin", "tsx");
const child = spawn(tsx, ["cli/index.ts", "serve", "--no-build", "--port", String(E2E_PORT), "--host", "127.0.0.1"], {
  cwd: PROJECT_ROOT,
  env: childEnv,
  stdio: "inherit",
});

// Playwright signals the whole process group; pass a signal on too in case only this process got it.
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => child.kill(signal));
}
child.on("exit", (code, signal) => {
  process.exitCode = code ?? (signal ? 1 : 0);
});
