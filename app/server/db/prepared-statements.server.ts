import type pg from "pg";

/**
 * Server-side prepared statements for the search statements a connection keeps sending, as the PostgreSQL JDBC
 * driver prepares what it runs often: the second time a connection is asked to run a text marked REUSABLE_PLAN,
 * it prepares it under a name and from then on sends only the parameters. PostgreSQL then skips parsing and
 * analysing the text (0.3 to 0.7 ms for a search statement of several kilobytes), and after five executions
 * planned for their own parameters it may settle on a generic plan and skip planning too (plan_cache_mode auto,
 * PostgreSQL's default): 0.7 to 1 ms more per search statement.
 *
 * Only marked texts: a generic plan cannot see the values, so a statement whose plan depends on them (a function
 * of a parameter that a plan for the values folds into a constant, then tests on every row) must not get one.
 * The marked statements compute such values once, in scalar subqueries (search/candidates.server.ts). Unmarked
 * texts go unnamed, planned for their parameters every time.
 *
 * Each connection keeps at most MAX_PREPARED, forgetting the least recently used (DEALLOCATE), so texts that
 * vary cannot pile up.
 */

/** Put at the very start of a statement whose plan may be reused; see above. */
export const REUSABLE_PLAN = "/* reusable plan */";

/** Runs of the same text on a connection before it is prepared. */
export const PREPARE_AFTER = 2;
export const MAX_PREPARED = 200;
/** Texts counted but not (or no longer) prepared, per connection, beyond the prepared ones. */
const MAX_COUNTED = 1_000;

/** Errors after which a prepared statement is gone or unusable: the text is prepared again next time. */
const STALE_STATEMENT = new Set([
  "26000", // invalid_sql_statement_name: the server no longer has it
  "0A000", // feature_not_supported: "cached plan must not change result type" after a schema change
]);

interface Tracked {
  /** Runs so far, until it is prepared. */
  runs: number;
  name?: string;
}

type QueryFn = (...args: unknown[]) => unknown;

/** Makes `client` prepare the marked texts it runs repeatedly; called once per new pool connection. */
export function prepareRepeatedStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as QueryFn;
  const texts = new Map<string, Tracked>();
  let prepared = 0;
  let serial = 0;
  // Where pg remembers which names this connection has parsed; a forgotten name must leave it too.
  const parsed = (client as unknown as { connection?: { parsedStatements?: Record<string, string> } }).connection
    ?.parsedStatements;

  const forget = (text: string, tracked: Tracked, deallocate: boolean) => {
    texts.delete(text);
    if (!tracked.name) return;
    prepared--;
    if (parsed) delete parsed[tracked.name];
    if (deallocate) (query(`DEALLOCATE ${tracked.name}`) as Promise<unknown>).catch(() => {});
  };

  /** Drops the least recently used texts, other than `current`, while over either bound. */
  const evict = (current: string) => {
    for (const [oldText, old] of texts) {
      const tooMany = texts.size > MAX_PREPARED + MAX_COUNTED;
      if (!tooMany && prepared <= MAX_PREPARED) return;
      if (oldText !== current && (tooMany || old.name)) forget(oldText, old, true);
    }
  };

  const nameFor = (text: string): string | undefined => {
    const tracked = texts.get(text) ?? { runs: 0 };
    // Most recently used last: Map keeps insertion order.
    texts.delete(text);
    texts.set(text, tracked);
    if (!tracked.name && ++tracked.runs >= PREPARE_AFTER) {
      tracked.name = `poetry_${++serial}`;
      prepared++;
    }
    evict(text);
    return tracked.name;
  };

  client.query = ((...args: unknown[]) => {
    const [text, values, callback] = args;
    const marked = typeof text === "string" && text.startsWith(REUSABLE_PLAN);
    if (!marked || !Array.isArray(values) || callback !== undefined) {
      return query(...args);
    }
    const name = nameFor(text);
    if (!name) return query(text, values);
    return (query({ name, text, values }) as Promise<unknown>).catch((error: unknown) => {
      const tracked = texts.get(text);
      if (tracked?.name === name && STALE_STATEMENT.has(String((error as { code?: unknown }).code))) {
        forget(text, tracked, true);
      }
      throw error;
    });
  }) as pg.PoolClient["query"];
}
