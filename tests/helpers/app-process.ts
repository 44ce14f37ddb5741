// Built-server processes on PostgreSQL, for the system tests and the HTTP benchmarks: each is
// `poetry serve --no-import --no-build` in its own process, as production runs it.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { createDb } from "~/server/db.server";
import { migrateToLatest } from "~/server/db/migrate.server";
import { PROJECT_ROOT } from "~/server/env.server";
import { wordFrequencyCacheDirFor } from "~/server/models/word-frequency.server";
import { runImport } from "../../pipeline/import";
import { createScratchDatabase, type ScratchDatabase } from "./db";

/** A scratch database holding a corpus; `drop` also removes what a server kept beside it on disk. */
export type AppDatabase = ScratchDatabase;

export interface AppProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far (for failure messages). */
  output(): string;
  /** SIGTERM, then waits for the exit; resolves with the exit code (null when killed by a signal). */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** The PostgreSQL server the system tests and benchmarks use: DATABASE_URL's, else the machine's own. */
export function postgresBase(): string {
  return process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
}

/** A new, migrated PostgreSQL database holding the corpus at `corpusDir` (dropped by `drop`). */
export async function createAppDatabase(
  corpusDir: string,
  { prefix = "poetry_sys", base = postgresBase() }: { prefix?: string; base?: string } = {},
): Promise<AppDatabase> {
  const scratch = await createScratchDatabase(base, prefix);
  const db = createDb({ databaseUrl: scratch.url, poolMax: 4 });
  try {
    await migrateToLatest(db);
    await runImport(db, { paths: [corpusDir] });
  } finally {
    await db.destroy();
  }
  return {
    ...scratch,
    async drop() {
      await scratch.drop();
      // The server kept its word-frequency caches in a folder named after the database: gone with it.
      rmSync(wordFrequencyCacheDirFor(scratch.url), { recursive: true, force: true });
    },
  };
}

export async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server at ${url} did not become healthy in ${timeoutMs} ms`);
}

/**
 * Starts the built app (run `react-router build` first) on `port` over `databaseUrl`, in production mode, and
 * waits until /api/health answers. `env` adds to or overrides the process environment.
 */
export async function startAppProcess(options: {
  port: number;
  databaseUrl: string;
  env?: Record<string, string | undefined>;
  /** More `poetry serve` options, e.g. --no-scheduler. */
  args?: string[];
  /** Pass the child's output through to this process (benchmarks); tests keep it for failure messages. */
  inherit?: boolean;
}): Promise<AppProcess> {
  const { port, databaseUrl } = options;
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "cli/index.ts", "serve", "--no-import", "--no-build", "--port", String(port), "--host", "127.0.0.1", ...(options.args ?? [])],
    {
      cwd: PROJECT_ROOT,
      env: { ...process.env, NODE_ENV: "production", DATABASE_URL: databaseUrl, ...options.env },
      stdio: options.inherit ? "inherit" : ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  try {
    await waitForHealth(url, child);
  } catch (error) {
    child.kill("SIGKILL");
    throw new Error(`${(error as Error).message}\n${output}`);
  }
  return {
    url,
    port,
    child,
    output: () => output,
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/**
 * Creates an account by posting the sign-up form, as a browser without JavaScript would, and returns the
 * Cookie header of its session.
 */
export async function signUpOverHttp(
  base: string,
  { email = `reader-${randomBytes(4).toString("hex")}@example.com`, firstName = "Bench" }: { email?: string; firstName?: string } = {},
): Promise<string> {
  const res = await fetch(`${base}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "signup", firstName, email, password: "a long enough password", redirectTo: "/" }),
  });
  const cookies = res.headers.getSetCookie().map((c) => c.split(";")[0]);
  if (res.status !== 303 || cookies.length === 0) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`);
  return cookies.join("; ");
}
