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

export interface ScratchDatabase {
  name: string;
  url: string;
  /** Drops the database, closing any connection still open to it. */
  drop(): Promise<void>;
}

async function onServer(base: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** A new, empty database on the PostgreSQL server of `base`, named `{prefix}_{pid}_{random}`. */
export async function createScratchDatabase(base: string, prefix: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString("hex")}`;
  await onServer(base, `create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => onServer(base, `drop database if exists ${name} with (force)`) };
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
  const scratch = await createScratchDatabase(base, "poetry_test");
  const db = createDb({ databaseUrl: scratch.url, poolMax: 5 });
  await migrateToLatest(db);
  return {
    db,
    url: scratch.url,
    kind: "postgres",
    async destroy() {
      await db.destroy();
      await scratch.drop();
    },
  };
}
