import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "kysely";
import { createDb, type DbConfig } from "~/server/db.server";

/**
 * A new PGlite database is made in a child process. To make a cluster PGlite runs initdb's WASM module in a
 * second, temporary PGlite instance, both beside the instance that will serve: ~800 MB of RSS for a few
 * seconds, which then stays the peak of the process that did it (a full import into a new folder peaked at
 * ~850 MB; its own work needs 450–475 MB). The importer or server then opens a finished cluster.
 */
export function needsPgliteCluster(config: DbConfig): config is DbConfig & { pgliteDir: string } {
  const dir = config.pgliteDir;
  if (config.databaseUrl || !dir || dir.startsWith("memory://")) return false;
  return !existsSync(path.join(dir, "PG_VERSION"));
}

/**
 * The child's work (cli/pglite-initdb.js): open the folder, which makes the cluster, and close it. Answers the
 * child's peak RSS in MB, which the import benchmark reports.
 */
export async function createPgliteCluster(dir: string): Promise<number> {
  const db = createDb({ pgliteDir: dir, pgliteLowMemory: true });
  try {
    await sql`select 1`.execute(db);
  } finally {
    await db.destroy();
  }
  return process.resourceUsage().maxRSS / 1024;
}

/**
 * Makes the cluster of an on-disk PGlite folder that has none yet, in a child process, and answers that
 * process's peak RSS in MB; answers null, doing nothing, for PostgreSQL, memory:// and existing clusters.
 */
export async function createPgliteClusterApart(config: DbConfig): Promise<number | null> {
  if (!needsPgliteCluster(config)) return null;
  const dir = config.pgliteDir;
  const entry = fileURLToPath(new URL("./pglite-initdb.js", import.meta.url));
  return new Promise<number>((resolve, reject) => {
    // Liftoff, V8's baseline WASM compiler, alone: the few seconds of initdb gain nothing from optimised code,
    // and the child peaks ~110 MB lower without it.
    const child = spawn(process.execPath, ["--liftoff-only", entry, dir], { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    child.on("error", reject);
    child.on("close", (code, signal) => {
      if (code === 0) resolve(Number.parseFloat(stdout) || 0);
      else reject(new Error(`creating the PGlite database in ${dir} failed (${signal ?? `exit ${code}`}): ${stderr.trim()}`));
    });
  });
}
