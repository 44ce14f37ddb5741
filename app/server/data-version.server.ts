import { sql } from "kysely";
import pg from "pg";
import type { DB } from "./db.server";

/**
 * A counter that moves whenever data a page shows has changed (an import, a favorite, a sign-out), with the
 * version at which each kind of data (a tag) last changed, so caches of rendered responses drop exactly the
 * entries that showed it. It lives on globalThis because the CLI and the built server bundle are separate
 * module graphs in one process. Other processes (a `poetry import` run beside the server, other app
 * instances) are told through PostgreSQL's NOTIFY on CHANNEL, the tags as its payload.
 *
 * Redis pub/sub would add nothing: every change worth announcing is a write to PostgreSQL, and the NOTIFY
 * follows its commit, so it reaches every process listening on that server once the change is visible, and
 * before the writer has answered its client, with or without REDIS_URL. Several processes only ever share a
 * PostgreSQL server; PGlite is opened by one process, whose own counter is bumped directly. The listener must
 * connect to the primary (DATABASE_URL), since a read replica does not relay notifications.
 */

const CHANNEL = "poetry_data_changed";
const KEY = Symbol.for("poetry-commons.data-version");

/**
 * What a change touched, so caches drop only the responses that showed it:
 * - ALL: anything (an import; also every lost notification connection);
 * - FAVORITES: some poem's favorite count (lists ranked or counted by favorites depend on it);
 * - `poem:<id>`: that poem's favorite count, and who favorites it;
 * - `user:<id>`: that user's sessions (sign-out, password change).
 */
export const ALL = "all";
export const FAVORITES = "favorites";
export const poemTag = (poemId: string) => `poem:${poemId}`;
export const userTag = (userId: number) => `user:${userId}`;

/** Past this many remembered tags the table is emptied and everything counts as changed: bounded memory. */
const MAX_TAGS = 100_000;

interface State {
  /** Moves on every change. */
  version: number;
  /** The version at which each tag last changed. */
  changed: Map<string, number>;
}
type Holder = { [KEY]?: State };

function state(): State {
  const holder = globalThis as Holder;
  holder[KEY] ??= { version: 0, changed: new Map() };
  return holder[KEY];
}

/** The current version: a cached response keeps the one read before it was rendered. */
export function dataVersion(): number {
  return state().version;
}

/** Marks the tags as changed now (everything when none are given). */
export function bumpDataVersion(tags: readonly string[] = [ALL]): void {
  const s = state();
  s.version++;
  if (s.changed.size + tags.length > MAX_TAGS) {
    s.changed.clear();
    s.changed.set(ALL, s.version);
    return;
  }
  for (const tag of tags) s.changed.set(tag, s.version);
}

/**
 * Whether anything a response depending on `tags` showed has changed since `version`. Everything depends on
 * ALL, whether listed or not.
 */
export function changedSince(tags: readonly string[], version: number): boolean {
  const { changed } = state();
  if ((changed.get(ALL) ?? 0) > version) return true;
  for (const tag of tags) if ((changed.get(tag) ?? 0) > version) return true;
  return false;
}

/**
 * Marks data as changed, here and in every process listening on this database (the tags travel as the
 * notification's payload; an empty one means ALL). Called after the commit, so no process can render the
 * data as it was once it has heard.
 */
export async function notifyDataChanged(db: DB, tags: readonly string[] = [ALL]): Promise<void> {
  bumpDataVersion(tags);
  await sql`select pg_notify(${CHANNEL}, ${tags.includes(ALL) ? "" : JSON.stringify(tags)})`.execute(db);
}

/** The tags of a notification's payload; anything unreadable counts as ALL. */
export function tagsOfPayload(payload: string | undefined): string[] {
  if (!payload) return [ALL];
  try {
    const tags: unknown = JSON.parse(payload);
    if (Array.isArray(tags) && tags.length > 0 && tags.every((t) => typeof t === "string")) return tags as string[];
  } catch {
    // fall through
  }
  return [ALL];
}

export interface DataChangeListener {
  /** Settles once listening (the first connection's bump done), or after `ms` if the database is not there. */
  ready(ms: number): Promise<void>;
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
  let listening: () => void = () => {};
  const firstListen = new Promise<void>((resolve) => (listening = resolve));

  const connect = async () => {
    if (closed) return;
    const next = new pg.Client({ connectionString: databaseUrl });
    client = next;
    next.on("notification", (message) => bumpDataVersion(tagsOfPayload(message.payload)));
    next.on("error", () => retry(next));
    next.on("end", () => retry(next));
    try {
      await next.connect();
      await next.query(`listen ${CHANNEL}`);
      bumpDataVersion([ALL]);
      listening();
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
    ready(ms) {
      let wait: NodeJS.Timeout | undefined;
      const timeout = new Promise<void>((resolve) => (wait = setTimeout(resolve, ms)));
      return Promise.race([firstListen, timeout]).finally(() => clearTimeout(wait));
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await client?.end().catch(() => {});
    },
  };
}
