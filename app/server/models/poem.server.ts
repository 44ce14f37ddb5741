import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import type { DB } from "../db.server";
import {
  EXCERPT_SOURCE_LENGTH,
  type Page,
  type PoemDetail,
  type PoemListItem,
  pageInfo,
  toPoemDetail,
  toPoemListItem,
} from "../serialize.server";

export type SortOrder = "asc" | "desc";
export const POEM_SORTS = ["title", "year", "author", "likes"] as const;
export type PoemSort = (typeof POEM_SORTS)[number];

export interface PageOptions {
  page: number;
  perPage: number;
}

export interface ListPoemsOptions extends PageOptions {
  sort?: PoemSort;
  /** Defaults to desc for likes (most liked first) and asc for everything else. */
  order?: SortOrder;
}

export type PoemPage = Page & { poems: PoemListItem[] };

/** The list-item columns of poems joined with their poet; the content is cut short, lists never carry it. */
export function selectPoemListRows(db: DB) {
  return db
    .selectFrom("poems")
    .innerJoin("poets", "poets.id", "poems.poet_id")
    .select([
      "poems.id",
      "poems.slug",
      "poems.title",
      "poets.name as author",
      "poets.directory as author_directory",
      "poems.year",
      "poems.favorite_count",
      "poems.view_count",
      "poems.line_count",
      sql<string>`left(poems.content, ${sql.lit(EXCERPT_SOURCE_LENGTH)})`.as("content_start"),
      sql<boolean>`char_length(poems.content) > ${sql.lit(EXCERPT_SOURCE_LENGTH)}`.as("content_continues"),
    ]);
}

function selectPoemDetailRow(db: DB) {
  return db
    .selectFrom("poems")
    .innerJoin("poets", "poets.id", "poems.poet_id")
    .select([
      "poems.id",
      "poems.slug",
      "poems.title",
      "poems.subtitle",
      "poets.name as author",
      "poets.directory as author_directory",
      "poems.year",
      "poems.content",
      "poems.front_matter",
      "poems.line_count",
      "poems.favorite_count",
      "poems.view_count",
      "poems.translator",
      "poems.editor",
      "poems.note",
      "poems.editorial_note",
      "poems.rights",
      "poems.flags",
      "poems.source",
      "poems.source_repo",
      "poems.source_path",
      "poems.source_commit",
    ]);
}

/** The books a poem appears in, oldest first, with its place in each. */
async function poemCollections(db: DB, poemId: string) {
  return db
    .selectFrom("collection_poems")
    .innerJoin("collections", "collections.id", "collection_poems.collection_id")
    .where("collection_poems.poem_id", "=", poemId)
    .select([
      "collections.id",
      "collections.title",
      "collections.year",
      "collection_poems.sequence",
      "collection_poems.section",
    ])
    .orderBy("collections.year", (ob) => ob.asc().nullsLast())
    .orderBy("collections.title")
    .orderBy("collections.id")
    .orderBy("collection_poems.sequence")
    .execute();
}

async function withCollections(db: DB, row: Parameters<typeof toPoemDetail>[0] | undefined) {
  if (!row) return null;
  return toPoemDetail(row, await poemCollections(db, row.id));
}

/** One poem in the full API shape, looked up by its id or its slug; null when neither matches. */
export async function findPoem(db: DB, idOrSlug: string): Promise<PoemDetail | null> {
  const row = await selectPoemDetailRow(db)
    .where((eb) => eb.or([eb("poems.id", "=", idOrSlug), eb("poems.slug", "=", idOrSlug)]))
    // An id wins over a slug that happens to spell the same text.
    .orderBy(sql`poems.id = ${idOrSlug}`, "desc")
    .limit(1)
    .executeTakeFirst();
  return withCollections(db, row);
}

export async function countPoems(db: DB): Promise<number> {
  const { count } = await db
    .selectFrom("poems")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(count);
}

export function defaultPoemOrder(sort: PoemSort): SortOrder {
  return sort === "likes" ? "desc" : "asc";
}

/**
 * One page of the catalogue. Every ordering ends on the id so consecutive pages never overlap. The page is
 * chosen on narrow rows first and only its poems are then read in full: sorting the excerpt column along
 * with the keys would cut the content of every poem in the table on each request.
 */
export async function listPoems(db: DB, options: ListPoemsOptions): Promise<PoemPage> {
  const sort = options.sort ?? "title";
  const order = options.order ?? defaultPoemOrder(sort);
  let query = db.selectFrom("poems").innerJoin("poets", "poets.id", "poems.poet_id").select("poems.id");
  switch (sort) {
    case "title":
      query = query.orderBy("poems.title", order);
      break;
    case "year":
      query = query
        .orderBy("poems.year", (ob) => (order === "asc" ? ob.asc() : ob.desc()).nullsLast())
        .orderBy("poems.title");
      break;
    case "author":
      query = query.orderBy("poets.sort_name", order).orderBy("poets.name", order).orderBy("poems.title");
      break;
    case "likes":
      query = query.orderBy("poems.favorite_count", order).orderBy("poems.view_count", order);
      break;
  }
  const [page, total] = await Promise.all([
    query
      .orderBy("poems.id")
      .limit(options.perPage)
      .offset((options.page - 1) * options.perPage)
      .execute(),
    countPoems(db),
  ]);
  const poems = await poemListItemsByIds(
    db,
    page.map((row) => row.id),
  );
  return { poems, ...pageInfo(total, options.page, options.perPage) };
}

/** List items for the given poem ids, in the order given; unknown ids are skipped. */
export async function poemListItemsByIds(db: DB, ids: readonly string[]): Promise<PoemListItem[]> {
  if (ids.length === 0) return [];
  const rows = await selectPoemListRows(db).where("poems.id", "in", ids).execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toPoemListItem(row)] : [];
  });
}

/**
 * A random poem without scanning the table: ids are uniformly spread hex hashes, so the first id at or after
 * a random hex string lands on a random poem through the primary-key index.
 */
export async function randomPoem(db: DB): Promise<PoemDetail | null> {
  const probe = randomBytes(6).toString("hex");
  const after = await selectPoemDetailRow(db)
    .where("poems.id", ">=", probe)
    .orderBy("poems.id")
    .limit(1)
    .executeTakeFirst();
  if (after) return withCollections(db, after);
  // The probe fell past the last id: wrap around to the first.
  const first = await selectPoemDetailRow(db).orderBy("poems.id").limit(1).executeTakeFirst();
  return withCollections(db, first);
}

/** The most favourited poems, then the most read, then by id for a stable order (matches poems_popular_idx). */
export async function popularPoems(db: DB, options: { limit: number }): Promise<PoemListItem[]> {
  const rows = await selectPoemListRows(db)
    .orderBy("poems.favorite_count", "desc")
    .orderBy("poems.view_count", "desc")
    .orderBy("poems.id")
    .limit(options.limit)
    .execute();
  return rows.map(toPoemListItem);
}
