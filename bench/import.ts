// Times a full import of the corpus on PGlite and on PostgreSQL and records it in bench/RESULTS.md.
// Usage: npm run bench -- import   (PostgreSQL at BENCH_DATABASE_URL or postgres://postgres@127.0.0.1:5432/test)
import { execFileSync } from "node:child_process";
import { PROJECT_ROOT } from "~/server/env.server";
import { postgresBase } from "../tests/helpers/app-process";
import { createScratchDatabase } from "../tests/helpers/db";
import { appendResults, markdownTable } from "./results";

interface Measured {
  poems: number;
  seconds: number;
  poemsPerSecond: number;
  /** Poets, poems, collections and counts written, before the search index is (re)built. */
  writeSeconds: number;
  writePoemsPerSecond: number;
  reimportSeconds: number;
  peakRssMb: number;
  /** Highest RSS sampled (every 20 ms) in each phase of the import, then in the re-import. */
  phasePeakRssMb: Record<string, number>;
  /** PGlite: peak RSS of the child process that made the new cluster. */
  clusterRssMb: number | null;
  errors: number;
}

function measure(url?: string): Measured {
  const out = execFileSync(process.execPath, ["--import", "tsx", "bench/import-child.ts", ...(url ? [url] : [])], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, DATABASE_URL: "" },
    encoding: "utf8",
    maxBuffer: 1 << 20,
  });
  return JSON.parse(out.trim().split("\n").pop()!) as Measured;
}

async function withFreshPostgres<T>(fn: (url: string) => T): Promise<T> {
  const scratch = await createScratchDatabase(process.env.BENCH_DATABASE_URL ?? postgresBase(), "poetry_bench_import");
  try {
    return await fn(scratch.url);
  } finally {
    await scratch.drop();
  }
}

export async function benchImport(): Promise<string> {
  const rows: string[][] = [];
  const runs: [string, () => Promise<Measured> | Measured][] = [
    ["PostgreSQL 15", () => withFreshPostgres((url) => measure(url))],
    ["PGlite (on disk)", () => measure()],
  ];
  for (const [name, run] of runs) {
    const m = await run();
    console.log(`${name}: ${m.poems} poems in ${m.seconds.toFixed(2)} s`);
    rows.push([
      name,
      String(m.poems),
      m.writeSeconds.toFixed(2),
      Math.round(m.writePoemsPerSecond).toLocaleString("en"),
      (m.seconds - m.writeSeconds).toFixed(2),
      m.seconds.toFixed(2),
      Math.round(m.poemsPerSecond).toLocaleString("en"),
      m.reimportSeconds.toFixed(2),
      `${Math.round(m.peakRssMb)} MB${m.clusterRssMb ? ` (cluster made in a child process: ${Math.round(m.clusterRssMb)} MB)` : ""}`,
      Object.entries(m.phasePeakRssMb)
        .map(([phase, mb]) => `${phase} ${Math.round(mb)}`)
        .join(", "),
      String(m.errors),
    ]);
  }
  const table = markdownTable(
    [
      "database",
      "poems",
      "records written s",
      "records poems/s",
      "derived data s (search index, word counts)",
      "total s",
      "total poems/s",
      "re-import s (no changes)",
      "peak RSS (process)",
      "peak RSS by phase, MB",
      "errors",
    ],
    rows,
  );
  return appendResults("Full corpus import (`npm run bench -- import`)", table);
}
