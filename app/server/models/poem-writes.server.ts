import { sql } from "kysely";
import type { DB } from "../db.server";
import type { NewPoem } from "../db/schema";

export interface WriteCounts {
  inserted: number;
  updated: number;
  unchanged: number;
}

/** The written columns of a poem and the PostgreSQL type of each, in insert order. */
const POEM_COLUMNS = [
  ["id", "text"],
  ["slug", "text"],
  ["title", "text"],
  ["subtitle", "text"],
  ["poet_id", "int4"],
  ["year", "int4"],
  ["year_note", "text"],
  ["content", "text"],
  ["front_matter", "jsonb"],
  ["line_count", "int4"],
  ["translator", "text"],
  ["editor", "text"],
  ["note", "text"],
  ["editorial_note", "text"],
  ["source", "text"],
  ["source_repo", "text"],
  ["source_path", "text"],
  ["source_commit", "text"],
  ["flags", "jsonb"],
  ["rights", "text"],
  ["content_hash", "text"],
] as const satisfies readonly (readonly [keyof NewPoem, string])[];

/**
 * Inserts new poems and updates changed ones (by content hash) in one statement; unchanged rows are not
 * touched, so a re-import writes nothing. Favorite and view counts are never overwritten.
 *
 * The batch travels as one array per column through `unnest`: 21 parameters instead of 21 per row, which
 * keeps query building and parsing off the import's critical path (Node's CPU is what limits it).
 */
export async function upsertPoems(db: DB, rows: NewPoem[]): Promise<WriteCounts> {
  if (rows.length === 0) return { inserted: 0, updated: 0, unchanged: 0 };
  const names = sql.join(POEM_COLUMNS.map(([name]) => sql.ref(name)));
  // jsonb columns travel as text arrays: an array of jsonb would need each value encoded twice.
  const arrays = sql.join(
    POEM_COLUMNS.map(([name, type]) => {
      const values = rows.map((row) => (row[name] ?? null) as unknown);
      return type === "jsonb" ? sql`${values}::text[]` : sql`${values}::${sql.raw(type)}[]`;
    }),
  );
  const selected = sql.join(
    POEM_COLUMNS.map(([name, type]) => (type === "jsonb" ? sql`${sql.ref(name)}::jsonb` : sql.ref(name))),
  );
  const updates = sql.join(
    POEM_COLUMNS.filter(([name]) => name !== "id").map(([name]) => sql`${sql.ref(name)} = excluded.${sql.ref(name)}`),
  );
  const { rows: written } = await sql<{ inserted: boolean }>`
    insert into poems (${names})
    select ${selected} from unnest(${arrays}) as batch(${names})
    on conflict (id) do update set ${updates}, updated_at = now()
    where poems.content_hash <> excluded.content_hash
    returning (xmax = 0) as inserted`.execute(db);
  // xmax is 0 only for a freshly inserted row version: it tells inserts from updates in one round trip.
  const inserted = written.filter((r) => r.inserted).length;
  return { inserted, updated: written.length - inserted, unchanged: rows.length - written.length };
}

/** What is stored already for a batch: the content hash of each id, and which poem holds each slug. */
export async function findStoredKeys(
  db: DB,
  ids: string[],
  slugs: string[],
): Promise<{ hashes: Map<string, string>; slugOwners: Map<string, string> }> {
  const hashes = new Map<string, string>();
  const slugOwners = new Map<string, string>();
  if (ids.length === 0) return { hashes, slugOwners };
  const rows = await db
    .selectFrom("poems")
    .select(["id", "slug", "content_hash"])
    .where((eb) => eb.or([eb("id", "in", ids), eb("slug", "in", slugs)]))
    .execute();
  for (const r of rows) {
    slugOwners.set(r.slug, r.id);
    if (ids.includes(r.id)) hashes.set(r.id, r.content_hash);
  }
  return { hashes, slugOwners };
}

export async function existingPoemIds(db: DB, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom("poems").select("id").where("id", "in", ids).execute();
  return new Set(rows.map((r) => r.id));
}
