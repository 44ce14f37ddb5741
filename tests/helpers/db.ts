import { randomBytes } from "node:crypto";
import pg from "pg";
import { createDb, type DB } from "~/server/db.server";
import { migrateToLatest } from "~/server/db/migrate.server";

export interface TestDb {
  db: DB;
  /** The connection string of the fresh database, or undefined on PGlite. */
  url: string | undefined;
  kind: "postgres" | "pglite";
  destroy(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: a new PostgreSQL database on the server named by
 * DATABASE_URL when it is set, otherwise an in-memory PGlite.
 */
export async function createTestDb(): Promise<TestDb> {
  const base = process.env.DATABASE_URL;
  if (!base) {
    const db = createDb({ pgliteDir: "memory://" });
    await migrateToLatest(db);
    return { db, url: undefined, kind: "pglite", destroy: () => db.destroy() };
  }
  const name = `poetry_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const db = createDb({ databaseUrl: url.toString(), poolMax: 5 });
  await migrateToLatest(db);
  return {
    db,
    url: url.toString(),
    kind: "postgres",
    async destroy() {
      await db.destroy();
      const cleanup = new pg.Client({ connectionString: base });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
