import { sql } from "kysely";
import type { DB } from "../db.server";
import type { NewPoet } from "../db/schema";

export interface KnownPoet {
  id: number;
  name: string;
  directory: string;
  content_hash: string;
}

export async function loadKnownPoets(db: DB): Promise<Map<string, KnownPoet>> {
  const rows = await db.selectFrom("poets").select(["id", "name", "directory", "content_hash"]).execute();
  return new Map(rows.map((r) => [r.name, r]));
}

export async function insertPoets(db: DB, rows: NewPoet[]): Promise<KnownPoet[]> {
  if (rows.length === 0) return [];
  return db.insertInto("poets").values(rows).returning(["id", "name", "directory", "content_hash"]).execute();
}

/** Updates a poet's descriptive fields; its id and directory (the URL key) never change. */
export async function updatePoet(db: DB, id: number, row: Omit<NewPoet, "directory">): Promise<void> {
  await db
    .updateTable("poets")
    .set({ ...row, updated_at: sql`now()` })
    .where("id", "=", id)
    .execute();
}

/** Recomputes every poet's poem_count from the poems table; touches only rows whose count changed. */
export async function refreshPoetPoemCounts(db: DB): Promise<number> {
  const result = await sql`
    update poets set poem_count = counted.n
    from (
      select p.id, count(pm.id)::int as n
      from poets p left join poems pm on pm.poet_id = p.id
      group by p.id
    ) counted
    where counted.id = poets.id and poets.poem_count <> counted.n`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
