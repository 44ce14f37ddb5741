import { mkdtempSync, readdirSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIGRATIONS_DIR, migrateToLatest } from "~/server/db/migrate.server";
import { createTestDb, type TestDb } from "../helpers/db";

// A rolling deploy: the new release's migration is applied while the previous release's processes still run
// and restart. Those must start on the newer schema, not refuse it.
let testDb: TestDb;

beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(async () => {
  await testDb?.destroy();
});

describe("migrateToLatest on a schema ahead of the code", () => {
  it("applies nothing and names the newer migrations, where Kysely alone would call them corrupted", async () => {
    const newer = "2999-01-01-from-the-next-release";
    await sql`insert into kysely_migration (name, timestamp) values (${newer}, ${new Date().toISOString()})`.execute(testDb.db);
    const ahead: string[][] = [];
    expect(await migrateToLatest(testDb.db, { onAhead: (names) => ahead.push(names) })).toEqual([]);
    expect(ahead).toEqual([[newer]]);
  });

  it("lets the previous release (one migration fewer) start on the new schema", async () => {
    const files = readdirSync(MIGRATIONS_DIR).filter((f) => /^\d{4}-\d{2}-\d{2}.*\.ts$/.test(f)).sort();
    const older = mkdtempSync(path.join(os.tmpdir(), "poetry-older-migrations-"));
    for (const file of files.slice(0, -1)) symlinkSync(path.join(MIGRATIONS_DIR, file), path.join(older, file));
    const ahead: string[][] = [];
    expect(await migrateToLatest(testDb.db, { dir: older, onAhead: (names) => ahead.push(names) })).toEqual([]);
    expect(ahead[0]).toContain(files.at(-1)?.replace(/\.ts$/, ""));
  });
});
