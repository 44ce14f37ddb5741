import { sql } from "kysely";
import type { DB } from "../db.server";
import {
  type CollectionApi,
  type CollectionDetail,
  type CollectionPoemItem,
  toCollection,
  toCollectionDetail,
  toCollectionPoemItem,
} from "../serialize.server";
import { selectPoemListRows } from "./poem.server";

function selectCollectionRows(db: DB) {
  return db
    .selectFrom("collections")
    .leftJoin("poets", "poets.id", "collections.poet_id")
    .select([
      "collections.id",
      "collections.title",
      "collections.year",
      "collections.author",
      // Only a single-author book links to a poet page; anthologies never do.
      sql<string | null>`case when collections.anthology then null else poets.directory end`.as("poet_directory"),
      "collections.editor",
      "collections.description",
      "collections.rights",
      "collections.anthology",
      "collections.poem_count",
    ]);
}

/** Every book, by title (there are a few dozen, so no paging). */
export async function listCollections(db: DB): Promise<CollectionApi[]> {
  const rows = await selectCollectionRows(db)
    .orderBy("collections.title")
    .orderBy("collections.year")
    .orderBy("collections.id")
    .execute();
  return rows.map(toCollection);
}

export async function findCollection(db: DB, id: string): Promise<CollectionDetail | null> {
  const row = await selectCollectionRows(db)
    .select([
      "collections.sections",
      "collections.gutenberg_id",
      "collections.source_repo",
      "collections.source_path",
      "collections.source_commit",
    ])
    .where("collections.id", "=", id)
    .executeTakeFirst();
  return row ? toCollectionDetail(row) : null;
}

export async function collectionExists(db: DB, id: string): Promise<boolean> {
  const row = await db.selectFrom("collections").select("id").where("id", "=", id).executeTakeFirst();
  return row !== undefined;
}

/** A book's poems in book order, each with its place (sequence number, section, printed number). */
export async function listCollectionPoems(db: DB, id: string): Promise<CollectionPoemItem[]> {
  const rows = await selectPoemListRows(db)
    .innerJoin("collection_poems", "collection_poems.poem_id", "poems.id")
    .where("collection_poems.collection_id", "=", id)
    .select(["collection_poems.sequence", "collection_poems.section", "collection_poems.number"])
    .orderBy("collection_poems.sequence")
    .execute();
  return rows.map(toCollectionPoemItem);
}
