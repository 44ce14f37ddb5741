import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { warmOnStart } from "../../cli/commands/serve";
import { createDb, type DB } from "~/server/db.server";
import { migrateToLatest } from "~/server/db/migrate.server";
import { warmSearchConnections } from "~/server/search/warm.server";
import { createScratchDatabase, createTestDb, type ScratchDatabase, type TestDb } from "../helpers/db";

/** The warm-up a serving process runs before its first request (search/warm.server.ts, `poetry serve`). */

const base = process.env.DATABASE_URL;

describe("warming the search connections", () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(async () => {
    await t.destroy();
  });

  it("runs searches on the connection it is given (PGlite's one, or a pool's)", async () => {
    await expect(warmSearchConnections(t.db, 1)).resolves.toBeUndefined();
  });

  it("does not stop the server from starting when a search fails", async () => {
    // A database without the search tables: every warming search fails.
    const config = { pgliteDir: "memory://" };
    const bare = createDb(config);
    try {
      // Resolves rather than throws (a rejection would fail the test).
      await warmOnStart(bare, config);
    } finally {
      await bare.destroy();
    }
  });
});

describe.skipIf(!base)("warming a PostgreSQL pool", () => {
  let scratch: ScratchDatabase;
  let db: DB;
  beforeAll(async () => {
    scratch = await createScratchDatabase(base!, "poetry_warm");
    db = createDb({ databaseUrl: scratch.url, poolMax: 4, keepConnections: true });
    await migrateToLatest(db);
  });
  afterAll(async () => {
    await db?.destroy();
    await scratch?.drop();
  });

  it("opens every connection asked for and runs the searches on each", async () => {
    await warmSearchConnections(db, 4);
    const { rows } = await sql<{ query: string }>`
      select query from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`.execute(db);
    // The pool holds four; this statement borrowed one of them, so three others report what they ran last.
    expect(rows).toHaveLength(3);
    for (const { query } of rows) expect(query).toMatch(/poem_search|to_tsquery|to_tsvector|search_/);
  });
});
