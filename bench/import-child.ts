// One measured import in a fresh process, so peak memory (maxRSS) belongs to this import alone.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createDb } from "~/server/db.server";
import { migrateToLatest } from "~/server/db/migrate.server";
import { env } from "~/server/env.server";
import { type ImportPhase, runImport } from "../pipeline/import";
import { createPgliteClusterApart } from "../cli/pglite-cluster";

// RSS sampled every 20 ms and kept per phase: maxRSS alone says how high, not which phase took it there.
type Stage = "setup" | ImportPhase | "reimport";
let stage: Stage = "setup";
const peaks: Partial<Record<Stage, number>> = {};
const sample = () => {
  const mb = process.memoryUsage.rss() / 1024 / 1024;
  if (mb > (peaks[stage] ?? 0)) peaks[stage] = mb;
};
setInterval(sample, 20).unref();
const enter = (next: Stage) => {
  sample();
  stage = next;
};

const url = process.argv[2];
const dir = url ? undefined : mkdtempSync(path.join(os.tmpdir(), "poetry-bench-"));
// As `poetry import` does: a new PGlite cluster is made in a child process, whose peak is reported apart.
const clusterRssMb = dir ? await createPgliteClusterApart({ pgliteDir: dir }) : null;
const db = url ? createDb({ databaseUrl: url }) : createDb({ pgliteDir: dir, pgliteLowMemory: true });
await migrateToLatest(db);
const started = performance.now();
// The search index and word counts are derived data built after the records are written; time them apart.
let searchStarted = 0;
const report = await runImport(db, {
  paths: [env().CORPUS_DIR],
  onProgress: (p) => {
    if (p.phase !== stage) enter(p.phase);
    if (p.phase === "search" && !searchStarted) searchStarted = performance.now();
  },
});
const ended = performance.now();
const seconds = (ended - started) / 1000;
const writeSeconds = ((searchStarted || ended) - started) / 1000;
enter("reimport");
const reimportStarted = performance.now();
await runImport(db, { paths: [env().CORPUS_DIR] });
const reimportSeconds = (performance.now() - reimportStarted) / 1000;
sample();
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
    phasePeakRssMb: peaks,
    clusterRssMb,
    errors: report.errors.length,
  }),
);
