import { spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { Command } from "commander";
import { z } from "zod";
import { closeDb, configFromEnv, type DB, type DbConfig, describeDb, getDb, hasDb } from "~/server/db.server";
import { migrateToLatest } from "~/server/db/migrate.server";
import { DEFAULT_POOL_MAX, env, PROJECT_ROOT } from "~/server/env.server";
import { BUILD_DIR, SHUTDOWN_GRACE_MS, serverBuildPath, startServer } from "~/server/web-server.server";
import { wordFrequencyCacheDir } from "~/server/models/word-frequency.server";
import { startNightlyExport } from "~/server/open-data.server";
import { runImport } from "../../pipeline/import";
import { refreshWordFrequencies } from "../../pipeline/wordfreq";
import { wordFreqProgressReporter } from "./wordfreq";
import { WORD_FREQUENCY_LIMITS, wordFrequencyCacheFile } from "~/lib/word-frequency";
import { describeSchedule, readPins, runSchedule } from "../../pipeline/schedule";
import { addDays, todayIn } from "~/lib/daily-date";
import { countDailyPoems } from "~/server/models/daily.server";
import { refreshPoetryDbTexts } from "~/server/models/poetrydb.server";
import { warmSearchConnections } from "~/server/search/warm.server";
import { startPushScheduler } from "~/server/push/cron.server";
import { action, parseOptions } from "../options";
import { createPgliteClusterApart } from "../pglite-cluster";
import { importProgressReporter } from "../progress";

const Options = z
  .object({
    port: z.coerce.number().int().min(0).max(65535).optional(),
    host: z.string().trim().min(1).optional(),
    import: z.boolean().default(true),
    build: z.boolean().default(true),
    // --no-scheduler; otherwise SCHEDULER decides.
    scheduler: z.boolean().default(true),
  })
  .strict();

export type ServeOptions = z.input<typeof Options>;

export interface Serving {
  url: string;
  /** Graceful stop: the HTTP server (in-flight requests get SHUTDOWN_GRACE_MS), then the database. */
  close(): Promise<{ forced: boolean }>;
}

const log = (line: string) => process.stdout.write(`${line}\n`);

// What the client and server bundles are made from: if any of it is newer than the build, rebuild.
const BUILD_INPUTS = ["app", "public", "vite.config.ts", "react-router.config.ts", "package-lock.json"];

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const info = statSync(target);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** Why a build is needed, or null when build/ is present and newer than every source it is made from. */
export function buildNeeded(buildDir = BUILD_DIR): string | null {
  const bundle = serverBuildPath(buildDir);
  if (!existsSync(bundle)) return "no build found";
  const built = statSync(bundle).mtimeMs;
  const changed = BUILD_INPUTS.find((input) => newestMtime(path.join(PROJECT_ROOT, input)) > built);
  return changed ? `${changed} changed since the last build` : null;
}

/** Runs `react-router build` with its output shown, as `npm run build` would. */
export function runBuild(): Promise<void> {
  const bin = path.join(PROJECT_ROOT, "node_modules", ".bin", "react-router");
  return new Promise((resolve, reject) => {
    const child = spawn(bin, ["build"], {
      cwd: PROJECT_ROOT,
      stdio: "inherit",
      env: { ...process.env, NODE_ENV: "production" },
    });
    child.once("error", reject);
    child.once("exit", (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`react-router build failed (${signal ?? `exit code ${code}`})`));
    });
  });
}

async function hasPoems(db: DB): Promise<boolean> {
  return (await db.selectFrom("poems").select("id").limit(1).executeTakeFirst()) !== undefined;
}

async function importCorpusOnFirstRun(db: DB): Promise<void> {
  if (await hasPoems(db)) return;
  const corpus = env().CORPUS_DIR;
  if (!existsSync(corpus)) {
    throw new Error(
      `The database has no poems and the corpus folder ${corpus} does not exist: set CORPUS_DIR, or start with --no-import.`,
    );
  }
  log(`The database has no poems yet: importing the corpus from ${corpus} (first run only).`);
  const progress = importProgressReporter();
  const report = await runImport(db, {
    paths: [corpus],
    onProgress: progress.update,
    wordFrequencyCacheDir: wordFrequencyCacheDir(),
  }).finally(() => progress.stop());
  const { poems, poets, collections } = report;
  log(
    `Imported ${poems.inserted.toLocaleString("en-US")} poems, ${poets.inserted} poets and ` +
      `${collections.inserted} collections in ${(report.durationMs / 1000).toFixed(1)} s.`,
  );
  if (report.errors.length > 0) {
    log(`${report.errors.length} records were skipped:`);
    for (const e of report.errors.slice(0, 10)) log(`  ${e.file}:${e.line}: ${e.message}`);
    if (report.errors.length > 10) log(`  … and ${report.errors.length - 10} more (see \`poetry import\`).`);
  }
}

/**
 * A database imported before word frequencies existed (or whose caches were deleted) has poems but no counts:
 * count them now, so /word-frequency and its API do not answer empty. Nothing happens when they are there.
 */
export async function countWordsOnStart(db: DB, cacheDir = wordFrequencyCacheDir()): Promise<void> {
  if (!(await hasPoems(db))) return;
  const counted = await db.selectFrom("word_count_sources").select("poet_id").limit(1).executeTakeFirst();
  const cachesWritten = WORD_FREQUENCY_LIMITS.every((limit) =>
    [true, false].every((exclude) => existsSync(path.join(cacheDir, wordFrequencyCacheFile(exclude, limit)))),
  );
  if (counted && cachesWritten) return;
  log(counted ? "Writing the word-frequency caches." : "The poems have no word counts yet: counting them (once).");
  const report = await refreshWordFrequencies(db, { cacheDir, onProgress: wordFreqProgressReporter(process.stdout) });
  log(`Word frequencies ready: ${report.poetsCounted} poets counted in ${(report.durationMs / 1000).toFixed(1)} s.`);
}

function aheadMessage(target: string, names: string[]): string {
  return `${target}: the schema is ahead of this release (${names.join(", ")} applied by a newer one); serving it as it is.`;
}

/** Days of history the first run schedules, and days ahead every start keeps scheduled. */
export const SCHEDULE_BACK_DAYS = 30;
export const SCHEDULE_AHEAD_DAYS = 30;

/**
 * The poem of the day: the first run (an empty schedule) plans from 30 days ago so the screens have history;
 * every start tops the plan up to 30 days ahead. Days already scheduled are never changed.
 */
export async function scheduleOnStart(db: DB, now: Date = new Date()): Promise<void> {
  if (!(await hasPoems(db))) return;
  const today = todayIn("UTC", now);
  const firstRun = (await countDailyPoems(db)) === 0;
  const from = firstRun ? addDays(today, -SCHEDULE_BACK_DAYS) : today;
  const days = (firstRun ? SCHEDULE_BACK_DAYS : 0) + SCHEDULE_AHEAD_DAYS + 1;
  let pins: ReturnType<typeof readPins> = [];
  try {
    pins = readPins();
  } catch (error) {
    // A typo in the maintainer's file must not keep the site down: schedule without pins and say why.
    log(`Daily pins not read: ${error instanceof Error ? error.message : error}`);
  }
  const report = await runSchedule(db, { from, days, pins, now });
  if (firstRun || report.added.length + report.pinned.length > 0 || report.skippedPins.length > 0) {
    log(describeSchedule(report));
  }
}

/**
 * Runs a few searches on each database connection before the first request (search/warm.server.ts): one for
 * PGlite, the whole pool for PostgreSQL, which keeps them open (db.server.ts). Only a speed-up: a failure is
 * logged, and the server starts anyway.
 */
export async function warmOnStart(db: DB, config: DbConfig = configFromEnv()): Promise<void> {
  const { databaseUrl, poolMax } = config;
  try {
    await warmSearchConnections(db, databaseUrl ? (poolMax ?? DEFAULT_POOL_MAX) : 1);
  } catch (error) {
    log(`Search warm-up failed (${error instanceof Error ? error.message : String(error)}); serving anyway.`);
  }
}

/**
 * Everything `npm start` does, callable in-process (e2e tests, benchmarks): build when needed, migrate,
 * import the corpus into an empty database, then serve. The database opened here is the process-wide
 * instance, which the server bundle's loaders reuse through getDb().
 */
export async function serve(raw: ServeOptions = {}): Promise<Serving> {
  const options = parseOptions(Options, raw);
  const e = env();
  process.env.NODE_ENV ??= e.NODE_ENV;

  if (options.build) {
    const reason = buildNeeded();
    if (reason) {
      log(`Building the site (${reason}) …`);
      await runBuild();
    }
  } else if (!existsSync(serverBuildPath(BUILD_DIR))) {
    throw new Error("no build found in build/: run `npm run build` first, or serve without --no-build");
  }

  if (!hasDb()) await createPgliteClusterApart(configFromEnv());
  const db = getDb();
  try {
    const target = describeDb(configFromEnv());
    const applied = await migrateToLatest(db, { onAhead: (names) => log(aheadMessage(target, names)) });
    for (const r of applied) log(`${target}: applied migration ${r.migrationName}`);
    if (options.import) await importCorpusOnFirstRun(db);
    // A database imported before the /poetrydb lines text existed gets it now (a no-op when up to date).
    const derived = await refreshPoetryDbTexts(db);
    if (derived > 0) log(`Prepared the /poetrydb text of ${derived.toLocaleString("en-US")} poems.`);
    await countWordsOnStart(db);
    await scheduleOnStart(db);
    await warmOnStart(db);
  } catch (error) {
    await closeDb();
    throw error;
  }

  let running: Awaited<ReturnType<typeof startServer>>;
  try {
    running = await startServer({ port: options.port ?? e.PORT, host: options.host ?? e.HOST });
  } catch (error) {
    await closeDb();
    throw error;
  }
  log(`Poetry Commons listening on ${running.url}`);
  // Timed jobs run in one process of a site: N app processes serve with --no-scheduler (SCHEDULER=false)
  // beside the one that runs them (docs/deploy.md).
  const scheduler = options.scheduler && e.SCHEDULER;
  if (!scheduler) log("Scheduler off: no nightly export or push scheduler in this process (another one runs them).");
  // The single-machine default: the daily push scheduler in this process (PUSH_SCHEDULER=true).
  const pushScheduler = scheduler && e.PUSH_SCHEDULER ? startPushScheduler(db, log) : undefined;
  if (pushScheduler) log("Push scheduler running every minute (PUSH_SCHEDULER=true)");
  // The /data corpus archive is rebuilt every night from the database this server reads.
  const nightly = scheduler ? startNightlyExport(db, log) : undefined;

  return {
    url: running.url,
    async close() {
      await pushScheduler?.stop();
      await nightly?.stop();
      const result = await running.close(SHUTDOWN_GRACE_MS);
      await closeDb();
      return result;
    },
  };
}

/**
 * SIGTERM/SIGINT: stop accepting connections, let in-flight requests finish, close the database, and let
 * the event loop drain. Only a second signal, or requests still running after the grace period, force an exit.
 */
function stopOnSignals(serving: Serving): void {
  let stoppingSince = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stoppingSince) {
      // A process group signal often arrives twice at once (directly and relayed by tsx or npm): only a
      // deliberate second Ctrl-C, a moment later, skips the graceful path.
      if (Date.now() - stoppingSince < 1_000) return;
      log(`${signal} again: exiting now.`);
      process.exit(130); // lint-allow: process.exit — a second Ctrl-C must not wait for anything
    }
    stoppingSince = Date.now();
    log(`${signal} received: finishing in-flight requests (up to ${SHUTDOWN_GRACE_MS / 1000} s) …`);
    serving
      .close()
      .then(({ forced }) => {
        log(forced ? "Shut down after closing requests that outlived the grace period." : "Shut down cleanly.");
        process.exitCode = forced ? 1 : 0;
        if (forced) {
          // Whatever kept those requests busy may also keep the event loop alive.
          setTimeout(() => process.exit(1), 1_000).unref(); // lint-allow: process.exit — grace period exceeded
        }
      })
      .catch((error: unknown) => {
        process.stderr.write(`poetry: shutdown failed: ${error instanceof Error ? error.message : error}\n`);
        process.exitCode = 1;
      });
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
}

export function serveCommand(): Command {
  return new Command("serve")
    .description(
      "serve the site: builds it when needed, migrates the database and, on first run, imports the corpus",
    )
    .option("-p, --port <port>", "port to listen on (default: $PORT or 3000)")
    .option("--host <host>", "interface to bind (default: $HOST or 0.0.0.0)")
    .option("--no-import", "do not import the corpus into an empty database")
    .option("--no-build", "serve the existing build/ as it is, even if sources changed since")
    .option("--no-scheduler", "run no timed jobs here (nightly export, push scheduler): another process does (default: $SCHEDULER)")
    .addHelpText(
      "after",
      "\nExamples:\n  npm start\n  npm run poetry -- serve --port 8080\n  DATABASE_URL=postgres://localhost/poetry npm run poetry -- serve --no-import",
    )
    .action(
      action(async (raw: unknown) => {
        const serving = await serve(raw as ServeOptions);
        stopOnSignals(serving);
      }),
    );
}
