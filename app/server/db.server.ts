import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import type * as PGliteModule from "@electric-sql/pglite";
import type * as PgTrgmModule from "@electric-sql/pglite/contrib/pg_trgm";
import type * as UnaccentModule from "@electric-sql/pglite/contrib/unaccent";
import { Kysely, PostgresDialect } from "kysely";
import { PGliteDialect } from "kysely-pglite-dialect";
import pg from "pg";
import { NulPlugin } from "./db/nul-plugin.server";
import { prepareRepeatedStatements } from "./db/prepared-statements.server";
import type { Database } from "./db/schema";
import { DEFAULT_POOL_MAX, env } from "./env.server";

export type DB = Kysely<Database>;

// count(*) and other int8 results: PGlite returns numbers, so make pg do the same (all our counts fit in 2^53).
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

export interface DbConfig {
  /** A postgres:// URL; when absent the embedded PGlite is used. */
  databaseUrl?: string;
  /** PGlite data folder, or "memory://" for a throwaway in-memory database. */
  pgliteDir?: string;
  poolMax?: number;
  /**
   * Keep every connection the pool opens rather than closing those idle for 10 s: a backend that has served a
   * search answers the next one faster (search/warm.server.ts). The app's own instance does; N processes ×
   * DATABASE_POOL_MAX is what a deployment budgets for anyway.
   */
  keepConnections?: boolean;
  /** PGlite only: open with small Postgres memory settings (batch work such as the import; see below). */
  pgliteLowMemory?: boolean;
}

/**
 * Postgres memory settings for batch work on PGlite. The clusters PGlite's initdb makes say shared_buffers=128MB,
 * and inside WASM that pool is one block of linear memory that Postgres writes in full at start-up and that never
 * shrinks: an empty database opened with it holds ~276 MB of RSS, ~175 MB with 16 MB (a full corpus import
 * peaked ~135 MB lower). Serving keeps the default, whose larger cache answers repeated reads without a file read.
 */
const PGLITE_LOW_MEMORY_SETTINGS = {
  shared_buffers: "16MB",
  maintenance_work_mem: "16MB",
  wal_buffers: "256kB",
  temp_buffers: "1MB",
};

export function describeDb(config: DbConfig): string {
  if (config.databaseUrl) return `PostgreSQL (${new URL(config.databaseUrl).pathname.slice(1) || "default"})`;
  return `PGlite (${config.pgliteDir})`;
}

/**
 * Instances whose connections prepare the statements marked REUSABLE_PLAN (db/prepared-statements.server.ts). Kept
 * on globalThis, as the instance itself is (getDb below): `poetry serve` opens the database in the CLI's copy of
 * this module and the server bundle's loaders ask their own copy, which a module-level set would leave empty.
 */
const PREPARING_KEY = Symbol.for("poetry-commons.preparing-dbs");
const preparing: WeakSet<DB> = ((globalThis as { [PREPARING_KEY]?: WeakSet<DB> })[PREPARING_KEY] ??= new WeakSet());

/** Whether `db` prepares marked statements, which PostgreSQL may then run from a generic plan. */
export function preparesStatements(db: DB): boolean {
  return preparing.has(db);
}

/** Opens a Kysely instance: pg with a pool for a URL, else embedded PGlite with pg_trgm and unaccent. */
export function createDb(config: DbConfig): DB {
  if (config.databaseUrl) {
    const max = config.poolMax ?? DEFAULT_POOL_MAX;
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max,
      // Connections are closed only below this many after 10 s idle.
      min: config.keepConnections ? max : 0,
      // Fail fast rather than hang when the database is unreachable.
      connectionTimeoutMillis: 5_000,
    });
    // A client losing its connection must not crash the process: the pool handles idle ones ("error"), but
    // drops its listener while a client is checked out (e.g. between a transaction's statements), when an
    // unhandled "error" event would kill the server. The failed query rejects on its own, and the pool
    // discards the dead client on release.
    pool.on("error", () => {});
    pool.on("connect", (client) => {
      client.on("error", () => {});
      prepareRepeatedStatements(client);
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [new NulPlugin()] });
    preparing.add(db);
    return db;
  }
  const dir = config.pgliteDir ?? "memory://";
  if (!dir.startsWith("memory://")) mkdirSync(dir, { recursive: true });
  // Loaded only when used: the PGlite module alone adds about 45 MB to a process that talks to PostgreSQL.
  const load = createRequire(import.meta.url);
  const { PGlite } = load("@electric-sql/pglite") as typeof PGliteModule;
  const { pg_trgm } = load("@electric-sql/pglite/contrib/pg_trgm") as typeof PgTrgmModule;
  const { unaccent } = load("@electric-sql/pglite/contrib/unaccent") as typeof UnaccentModule;
  const settings = config.pgliteLowMemory ? Object.entries(PGLITE_LOW_MEMORY_SETTINGS) : [];
  const client = new PGlite(dir, {
    extensions: { pg_trgm, unaccent },
    startParams: [...PGlite.defaultStartParams, ...settings.flatMap(([name, value]) => ["-c", `${name}=${value}`])],
  });
  return new Kysely<Database>({ dialect: new PGliteDialect(client), plugins: [new NulPlugin()] });
}

export function configFromEnv(): DbConfig {
  const e = env();
  return { databaseUrl: e.DATABASE_URL, pgliteDir: e.PGLITE_DIR, poolMax: e.DATABASE_POOL_MAX, keepConnections: true };
}

// One instance per process, kept on globalThis: the CLI and the built server bundle are separate module
// graphs, and PGlite must never be opened twice on the same data folder.
const KEY = Symbol.for("poetry-commons.db");
type Holder = { [KEY]?: DB };

export function getDb(): DB {
  const holder = globalThis as Holder;
  holder[KEY] ??= createDb(configFromEnv());
  return holder[KEY];
}

/** Whether the process-wide instance is open (getDb() would not have to create it). */
export function hasDb(): boolean {
  return (globalThis as Holder)[KEY] !== undefined;
}

/** Lets the CLI hand the instance it opened to the server it starts. */
export function setDb(db: DB): void {
  (globalThis as Holder)[KEY] = db;
}

export async function closeDb(): Promise<void> {
  const holder = globalThis as Holder;
  const db = holder[KEY];
  delete holder[KEY];
  await db?.destroy();
}
