import { sql } from "kysely";
import type { DB } from "../db.server";
import {
  type CollectionApi,
  type PoemDetail,
  type CollectionDetail,
  type CollectionPoemItem,
  toCollection,
  toCollectionDetail,
  toCollectionPoemItem,
} from "../serialize.server";
import { findPoem, selectPoemListRows } from "./poem.server";

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

// Screen queries: the /collections list and the collection page (filter, sort, page, and the reader).

export const COLLECTION_SORTS = ["title", "year", "poet", "count"] as const;
export type CollectionSort = (typeof COLLECTION_SORTS)[number];

export const COLLECTION_POEM_SORTS = ["book", "title", "year", "author"] as const;
export type CollectionPoemSort = (typeof COLLECTION_POEM_SORTS)[number];

type Direction = "asc" | "desc";

export interface CollectionSearchOptions {
  q?: string;
  sort?: CollectionSort;
  order?: Direction;
  page: number;
  perPage: number;
}

/** A case-insensitive substring pattern: the reader's % and _ are matched literally. */
function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * One page of books matching a text (in the title, the author line or the editor), sorted; `total` counts
 * the matches and `overall` every book, for the "Found n out of m" line.
 */
export async function searchCollections(
  db: DB,
  options: CollectionSearchOptions,
): Promise<{ collections: CollectionApi[]; total: number; overall: number }> {
  const q = options.q?.trim() ?? "";
  const order = options.order ?? "asc";
  const matching = () => {
    let query = db.selectFrom("collections").leftJoin("poets", "poets.id", "collections.poet_id");
    if (q) {
      const pattern = containsPattern(q);
      query = query.where((eb) =>
        eb.or([
          eb("collections.title", "ilike", pattern),
          eb("collections.author", "ilike", pattern),
          eb("collections.editor", "ilike", pattern),
        ]),
      );
    }
    return query;
  };

  let ids = matching().select("collections.id");
  switch (options.sort ?? "title") {
    case "title":
      ids = ids.orderBy("collections.title", order).orderBy("collections.year");
      break;
    case "year":
      ids = ids
        .orderBy("collections.year", (ob) => (order === "asc" ? ob.asc() : ob.desc()).nullsLast())
        .orderBy("collections.title");
      break;
    case "poet":
      // The poet's "last, first" key; for a book by a few poets, the first of theirs (the Brontës file under
      // B, not under "Anne"); an anthology files under its author line ("Various").
      ids = ids
        .orderBy(
          sql`coalesce(
            poets.sort_name,
            case when not collections.anthology then (
              select min(book_poets.sort_name)
              from collection_poems
              join poems book_poems on book_poems.id = collection_poems.poem_id
              join poets book_poets on book_poets.id = book_poems.poet_id
              where collection_poems.collection_id = collections.id
            ) end,
            lower(collections.author)
          )`,
          order,
        )
        .orderBy("collections.year", (ob) => ob.asc().nullsLast())
        .orderBy("collections.title");
      break;
    case "count":
      ids = ids.orderBy("collections.poem_count", order).orderBy("collections.title");
      break;
  }

  const [page, counted, overall] = await Promise.all([
    ids
      .orderBy("collections.id")
      .limit(options.perPage)
      .offset((options.page - 1) * options.perPage)
      .execute(),
    matching()
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow(),
    q
      ? db
          .selectFrom("collections")
          .select((eb) => eb.fn.countAll<number>().as("count"))
          .executeTakeFirstOrThrow()
      : null,
  ]);
  const total = Number(counted.count);
  if (page.length === 0) return { collections: [], total, overall: overall ? Number(overall.count) : total };
  const rows = await selectCollectionRows(db)
    .where(
      "collections.id",
      "in",
      page.map((r) => r.id),
    )
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return {
    collections: page.flatMap((r) => {
      const row = byId.get(r.id);
      return row ? [toCollection(row)] : [];
    }),
    total,
    overall: overall ? Number(overall.count) : total,
  };
}

export interface CollectionPoemSearchOptions {
  q?: string;
  sort?: CollectionPoemSort;
  order?: Direction;
  page: number;
  perPage: number;
}

/** One page of a book's poems, filtered by title (case-insensitive substring) and sorted; book order by default. */
export async function searchCollectionPoems(
  db: DB,
  id: string,
  options: CollectionPoemSearchOptions,
): Promise<{ poems: CollectionPoemItem[]; total: number }> {
  const q = options.q?.trim() ?? "";
  const order = options.order ?? "asc";
  const inBook = () => {
    let query = db
      .selectFrom("collection_poems")
      .innerJoin("poems", "poems.id", "collection_poems.poem_id")
      .where("collection_poems.collection_id", "=", id);
    if (q) query = query.where("poems.title", "ilike", containsPattern(q));
    return query;
  };

  let keys = inBook().innerJoin("poets", "poets.id", "poems.poet_id").select("collection_poems.sequence");
  switch (options.sort ?? "book") {
    case "book":
      keys = keys.orderBy("collection_poems.sequence", order);
      break;
    case "title":
      keys = keys.orderBy("poems.title", order);
      break;
    case "year":
      keys = keys.orderBy("poems.year", (ob) => (order === "asc" ? ob.asc() : ob.desc()).nullsLast());
      break;
    case "author":
      keys = keys.orderBy("poets.sort_name", order).orderBy("poets.name", order);
      break;
  }

  const [page, counted] = await Promise.all([
    keys
      // Ties keep book order, so a sorted page is stable and readable.
      .orderBy("collection_poems.sequence")
      .limit(options.perPage)
      .offset((options.page - 1) * options.perPage)
      .execute(),
    inBook()
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow(),
  ]);
  const total = Number(counted.count);
  if (page.length === 0) return { poems: [], total };
  const sequences = page.map((r) => r.sequence);
  const rows = await selectPoemListRows(db)
    .innerJoin("collection_poems", "collection_poems.poem_id", "poems.id")
    .where("collection_poems.collection_id", "=", id)
    .where("collection_poems.sequence", "in", sequences)
    .select(["collection_poems.sequence", "collection_poems.section", "collection_poems.number"])
    .execute();
  const bySequence = new Map(rows.map((row) => [row.sequence, row]));
  return {
    poems: sequences.flatMap((sequence) => {
      const row = bySequence.get(sequence);
      return row ? [toCollectionPoemItem(row)] : [];
    }),
    total,
  };
}

/** How many poems the book holds (its rows, not the stored count, so the reader's bounds are exact). */
export async function countCollectionPoems(db: DB, id: string): Promise<number> {
  const { count } = await db
    .selectFrom("collection_poems")
    .where("collection_id", "=", id)
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/**
 * The poem at a 0-based place in book order, in full, for the reader: one poem per request instead of the
 * whole book's text. Sequence numbers can have gaps (a poem the corpus lacked), so this counts rows.
 */
export async function collectionPoemAt(
  db: DB,
  id: string,
  position: number,
): Promise<{ poem: PoemDetail; sequence_number: number } | null> {
  const place = await db
    .selectFrom("collection_poems")
    .where("collection_id", "=", id)
    .select(["poem_id", "sequence"])
    .orderBy("sequence")
    .offset(Math.max(0, Math.trunc(position)))
    .limit(1)
    .executeTakeFirst();
  if (!place) return null;
  const poem = await findPoem(db, place.poem_id);
  return poem ? { poem, sequence_number: place.sequence } : null;
}
