import { spawn } from "node:child_process";
import { createReadStream, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { createDb, type DB } from "~/server/db.server";
import { PROJECT_ROOT } from "~/server/env.server";
import { runImport } from "../../pipeline/import";
import { buildPoemDraft } from "../../pipeline/poem-row";
import { CorpusPoemSchema } from "../../pipeline/records";
import { CORPUS_DIR } from "../helpers/corpus";
import { createTestDb, type TestDb } from "../helpers/db";

/** Starts `poetry import` in a child process and SIGKILLs it once it has read `killAfter` poems. */
function importAndKill(env: NodeJS.ProcessEnv, killAfter: number): Promise<{ killed: boolean; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "cli/index.ts", "import", CORPUS_DIR], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    let killed = false;
    const watch = (chunk: Buffer) => {
      output += chunk.toString();
      const counts = [...output.matchAll(/([\d,]+) poems read/g)].map((m) => Number(m[1].replace(/,/g, "")));
      if (!killed && counts.some((n) => n >= killAfter)) {
        killed = true;
        child.kill("SIGKILL");
      }
    };
    child.stdout.on("data", watch);
    child.stderr.on("data", watch);
    child.on("error", reject);
    child.on("exit", () => resolve({ killed, output }));
  });
}

async function expectedHashes(): Promise<Map<string, string>> {
  const hashes = new Map<string, string>();
  const rl = createInterface({ input: createReadStream(path.join(CORPUS_DIR, "poems.jsonl"), "utf8") });
  for await (const line of rl) {
    if (!line.trim()) continue;
    const draft = buildPoemDraft(CorpusPoemSchema.parse(JSON.parse(line)));
    hashes.set(draft.id, draft.content_hash);
  }
  return hashes;
}

async function expectCompleteAndExact(db: DB): Promise<void> {
  const expected = await expectedHashes();
  const rows = await db.selectFrom("poems").select(["id", "content_hash", "content"]).execute();
  expect(rows.length).toBe(expected.size);
  for (const row of rows) {
    expect(row.content_hash, row.id).toBe(expected.get(row.id));
    expect(row.content.length).toBeGreaterThan(0);
  }
  const counts = await db
    .selectFrom("poets")
    .select(sql<number>`sum(poem_count)`.as("total"))
    .executeTakeFirstOrThrow();
  expect(Number(counts.total)).toBe(expected.size);
}

describe("an import killed with SIGKILL part-way", () => {
  let t: TestDb | undefined;
  afterAll(() => t?.destroy());

  it("leaves whole poems only, and the next run completes it exactly", async () => {
    t = await createTestDb();
    let db = t.db;
    let childEnv: NodeJS.ProcessEnv;
    let pgliteDir: string | undefined;
    if (t.url) {
      childEnv = { DATABASE_URL: t.url };
    } else {
      // PGlite lives in one process: the child writes to a folder on disk that we open after it dies.
      pgliteDir = mkdtempSync(path.join(os.tmpdir(), "poetry-crash-"));
      childEnv = { DATABASE_URL: "", PGLITE_DIR: pgliteDir };
    }

    const { killed, output } = await importAndKill(childEnv, 6000);
    expect(killed, output).toBe(true);

    if (pgliteDir) db = createDb({ pgliteDir });
    try {
      const partial = await db.selectFrom("poems").select(sql<number>`count(*)`.as("n")).executeTakeFirstOrThrow();
      expect(partial.n).toBeGreaterThan(0);
      expect(partial.n).toBeLessThan(23_998);

      const report = await runImport(db, { paths: [CORPUS_DIR] });
      expect(report.errors).toEqual([]);
      expect(report.poems.inserted).toBe(23_998 - partial.n);
      await expectCompleteAndExact(db);
    } finally {
      if (pgliteDir) await db.destroy();
    }
    // Two full-corpus imports in child processes (the second builds every derived index): minutes on a
    // loaded 2-core machine with PGlite.
  }, 900_000);
});
