import { sql } from "kysely";
import type { DB } from "../db.server";
import type { NewPoem } from "../db/schema";

export interface WriteCounts {
  inserted: number;
  updated: number;
  unchanged: number;
}

/**
 * Inserts new poems and updates changed ones (by content hash) in one statement; unchanged rows are not
 * touched, so a re-import writes nothing. Favorite and view counts are never overwritten.
 */
export async function upsertPoems(db: DB, rows: NewPoem[]): Promise<WriteCounts> {
  if (rows.length === 0) return { inserted: 0, updated: 0, unchanged: 0 };
  const written = await db
    .insertInto("poems")
    .values(rows)
    .onConflict((oc) =>
      oc
        .column("id")
        .doUpdateSet((eb) => ({
          slug: eb.ref("excluded.slug"),
          title: eb.ref("excluded.title"),
          subtitle: eb.ref("excluded.subtitle"),
          poet_id: eb.ref("excluded.poet_id"),
          year: eb.ref("excluded.year"),
          year_note: eb.ref("excluded.year_note"),
          content: eb.ref("excluded.content"),
          front_matter: eb.ref("excluded.front_matter"),
          line_count: eb.ref("excluded.line_count"),
          translator: eb.ref("excluded.translator"),
          editor: eb.ref("excluded.editor"),
          note: eb.ref("excluded.note"),
          editorial_note: eb.ref("excluded.editorial_note"),
          source: eb.ref("excluded.source"),
          source_repo: eb.ref("excluded.source_repo"),
          source_path: eb.ref("excluded.source_path"),
          source_commit: eb.ref("excluded.source_commit"),
          flags: eb.ref("excluded.flags"),
          rights: eb.ref("excluded.rights"),
          content_hash: eb.ref("excluded.content_hash"),
          updated_at: sql`now()`,
        }))
        .where("poems.content_hash", "<>", (eb) => eb.ref("excluded.content_hash")),
    )
    // xmax is 0 only for a freshly inserted row version: it tells inserts from updates in one round trip.
    .returning(sql<boolean>`(xmax = 0)`.as("inserted"))
    .execute();
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
