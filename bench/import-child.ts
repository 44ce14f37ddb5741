// One measured import in a fresh process, so peak memory (maxRSS) belongs to this import alone.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createDb } from "~/server/db.server";
import { migrateToLatest } from "~/server/db/migrate.server";
import { env } from "~/server/env.server";
import { runImport } from "../pipeline/import";

const url = process.argv[2];
const dir = url ? undefined : mkdtempSync(path.join(os.tmpdir(), "poetry-bench-"));
const db = url ? createDb({ databaseUrl: url }) : createDb({ pgliteDir: dir });
await migrateToLatest(db);
const started = performance.now();
// The search index and word counts are derived data built after the records are written; time them apart.
let searchStarted = 0;
const report = await runImport(db, {
  paths: [env().CORPUS_DIR],
  onProgress: (p) => {
    if (p.phase === "search" && !searchStarted) searchStarted = performance.now();
  },
});
const ended = performance.now();
const seconds = (ended - started) / 1000;
const writeSeconds = ((searchStarted || ended) - started) / 1000;
const reimportStarted = performance.now();
await runImport(db, { paths: [env().CORPUS_DIR] });
const reimportSeconds = (performance.now() - reimportStarted) / 1000;
await db.destroy();
if (dir) rmSync(dir, { recursive: true, force: true });
const poems = report.poems.inserted;
console.log(
  JSON.stringify({
    poems,
    seconds,
    poemsPerSecond: poems / seconds,
    writeSeconds,
    writePoemsPerSecond: poems / writeSeconds,
    reimportSeconds,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    errors: report.errors.length,
  }),
);
