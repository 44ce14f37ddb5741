import { sql } from "kysely";
import pg from "pg";
import type { DB } from "./db.server";

/**
 * A counter that moves whenever data a public page shows has changed (an import, a favorite), so caches of
 * rendered responses know their entries are stale. It lives on globalThis because the CLI and the built
 * server bundle are separate module graphs in one process. Other processes (a `poetry import` run beside the
 * server, other app instances) are told through PostgreSQL's NOTIFY on CHANNEL.
 *
 * Redis pub/sub would add nothing: every change worth announcing is a write to PostgreSQL, and NOTIFY is sent
 * in the writing transaction, so it reaches every process listening on that server exactly when the change
 * is visible (never for a rolled-back one), with or without REDIS_URL. Several processes only ever share a
 * PostgreSQL server; PGlite is opened by one process, whose own counter is bumped directly. The listener must
 * connect to the primary (DATABASE_URL), since a read replica does not relay notifications.
 */

const CHANNEL = "poetry_data_changed";
const KEY = Symbol.for("poetry-commons.data-version");
type Holder = { [KEY]?: { version: number } };

function state(): { version: number } {
  const holder = globalThis as Holder;
  holder[KEY] ??= { version: 0 };
  return holder[KEY];
}

export function dataVersion(): number {
  return state().version;
}

export function bumpDataVersion(): void {
  state().version++;
}

/**
 * Marks public data as changed, here and in every process listening on this database. Called inside a
 * transaction, the notification is delivered at commit, and not at all on rollback.
 */
export async function notifyDataChanged(db: DB): Promise<void> {
  bumpDataVersion();
  await sql`select pg_notify(${CHANNEL}, '')`.execute(db);
}

export interface DataChangeListener {
  close(): Promise<void>;
}

/**
 * Listens for changes made by other processes on a PostgreSQL server, reconnecting after a lost connection.
 * Every reconnection also bumps the version: notifications sent while disconnected are lost.
 */
export function listenForDataChanges(databaseUrl: string, retryMs = 2_000): DataChangeListener {
  let client: pg.Client | undefined;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;

  const connect = async () => {
    if (closed) return;
    const next = new pg.Client({ connectionString: databaseUrl });
    client = next;
    next.on("notification", bumpDataVersion);
    next.on("error", () => retry(next));
    next.on("end", () => retry(next));
    try {
      await next.connect();
      await next.query(`listen ${CHANNEL}`);
      bumpDataVersion();
    } catch {
      retry(next);
    }
  };
  const retry = (failed: pg.Client) => {
    if (closed || client !== failed || timer) return;
    failed.end().catch(() => {});
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, retryMs);
    timer.unref();
  };
  void connect();
  return {
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await client?.end().catch(() => {});
    },
  };
}
