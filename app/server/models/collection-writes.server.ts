import { sql } from "kysely";
import type { DB } from "../db.server";
import type { NewCollection, NewCollectionPoem } from "../db/schema";

export type CollectionWrite = "inserted" | "updated" | "unchanged";

/**
 * Writes a collection and its ordered poem links atomically: the links are replaced only when the
 * collection's content hash changed, inside one transaction, so a reader never sees half a book.
 */
export async function upsertCollection(
  db: DB,
  row: NewCollection,
  links: Omit<NewCollectionPoem, "collection_id">[],
): Promise<CollectionWrite> {
  return db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom("collections")
      .select("content_hash")
      .where("id", "=", row.id)
      .executeTakeFirst();
    if (existing?.content_hash === row.content_hash) return "unchanged";
    if (existing) {
      await trx
        .updateTable("collections")
        .set({ ...row, updated_at: sql`now()` })
        .where("id", "=", row.id)
        .execute();
      await trx.deleteFrom("collection_poems").where("collection_id", "=", row.id).execute();
    } else {
      await trx.insertInto("collections").values(row).execute();
    }
    if (links.length > 0) {
      await trx
        .insertInto("collection_poems")
        .values(links.map((l) => ({ ...l, collection_id: row.id })))
        .execute();
    }
    await trx.updateTable("collections").set({ poem_count: links.length }).where("id", "=", row.id).execute();
    return existing ? "updated" : "inserted";
  });
}
