import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { createPgliteClusterApart, needsPgliteCluster } from "../../cli/pglite-cluster";
import { createDb } from "~/server/db.server";

// `poetry import` and `npm start` make a new PGlite cluster in a child process, so initdb's memory peak is
// not the importer's or the server's.
const root = mkdtempSync(path.join(os.tmpdir(), "pglite-cluster-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("a new PGlite database made in a child process", () => {
  it("is needed only for an on-disk folder without a cluster", () => {
    expect(needsPgliteCluster({ databaseUrl: "postgres://localhost/x", pgliteDir: path.join(root, "a") })).toBe(false);
    expect(needsPgliteCluster({ pgliteDir: "memory://" })).toBe(false);
    expect(needsPgliteCluster({ pgliteDir: path.join(root, "new") })).toBe(true);
  });

  it("leaves a cluster this process opens, keeps its data, and is not made twice", async () => {
    const dir = path.join(root, "db");
    const peakMb = await createPgliteClusterApart({ pgliteDir: dir });
    expect(peakMb).toBeGreaterThan(50);
    expect(existsSync(path.join(dir, "PG_VERSION"))).toBe(true);
    expect(needsPgliteCluster({ pgliteDir: dir })).toBe(false);
    expect(await createPgliteClusterApart({ pgliteDir: dir })).toBeNull();

    const db = createDb({ pgliteDir: dir });
    await sql`create table kept (word text)`.execute(db);
    await sql`insert into kept values ('nightingale')`.execute(db);
    await db.destroy();
    const again = createDb({ pgliteDir: dir });
    const { rows } = await sql<{ word: string }>`select word from kept`.execute(again);
    await again.destroy();
    expect(rows).toEqual([{ word: "nightingale" }]);
  }, 120_000);

  it("fails with the child's reason when the folder cannot be made", async () => {
    const file = path.join(root, "a-file");
    writeFileSync(file, "not a folder");
    await expect(createPgliteClusterApart({ pgliteDir: path.join(file, "db") })).rejects.toThrow(
      /creating the PGlite database in .*a-file\/db failed \(exit \d+\): .*ENOTDIR/s,
    );
  }, 120_000);
});
