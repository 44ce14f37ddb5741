import type { z } from "zod";
import type { StatsSchema } from "../api-shapes.server";
import { sql } from "kysely";
import type { DB } from "../db.server";

export type Stats = z.infer<typeof StatsSchema>;

export async function getStats(db: DB): Promise<Stats> {
  const row = await db
    .selectNoFrom([
      sql<number>`(select count(*) from poems)`.as("total_poems"),
      sql<number>`(select count(*) from poets)`.as("total_poets"),
      sql<number>`(select count(*) from collections)`.as("total_collections"),
    ])
    .executeTakeFirstOrThrow();
  return {
    total_poems: Number(row.total_poems),
    total_poets: Number(row.total_poets),
    total_collections: Number(row.total_collections),
  };
}

export const HEALTH_TIMEOUT_MS = 2_000;

/**
 * True when the database answers a trivial query within the timeout. Never throws: a health check must
 * report "unreachable" quickly instead of waiting out a connection timeout.
 */
export async function checkDatabase(db: DB, timeoutMs = HEALTH_TIMEOUT_MS): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const probe = sql`select 1`
    .execute(db)
    .then(() => true)
    .catch(() => false);
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
