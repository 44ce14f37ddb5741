import type { DB } from "../db.server";
import { type Page, type PoetApi, pageInfo, toPoemListItem, toPoet } from "../serialize.server";
import { type PageOptions, type PoemPage, type SortOrder, selectPoemListRows } from "./poem.server";

export const POET_SORTS = ["name", "count"] as const;
export type PoetSort = (typeof POET_SORTS)[number];

export interface ListPoetsOptions extends PageOptions {
  sort?: PoetSort;
  /** Defaults to asc for name (A to Z) and desc for count (most poems first). */
  order?: SortOrder;
}

export type PoetPage = Page & { poets: PoetApi[] };

function selectPoetRows(db: DB) {
  return db
    .selectFrom("poets")
    .select([
      "poets.id",
      "poets.name",
      "poets.directory",
      "poets.poem_count",
      "poets.birth_date",
      "poets.death_date",
      "poets.description",
      "poets.biography",
      "poets.biography_source",
      "poets.biography_license",
      "poets.primary_image_url",
      "poets.meta_data",
    ]);
}

/** A poet by the URL key (directory); null when there is none. */
export async function findPoet(db: DB, directory: string): Promise<PoetApi | null> {
  const row = await selectPoetRows(db).where("poets.directory", "=", directory).executeTakeFirst();
  return row ? toPoet(row) : null;
}

export function defaultPoetOrder(sort: PoetSort): SortOrder {
  return sort === "count" ? "desc" : "asc";
}

/** One page of poets, by sort name or by number of poems; the id keeps pages from overlapping. */
export async function listPoets(db: DB, options: ListPoetsOptions): Promise<PoetPage> {
  const sort = options.sort ?? "name";
  const order = options.order ?? defaultPoetOrder(sort);
  let query = selectPoetRows(db);
  if (sort === "count") query = query.orderBy("poets.poem_count", order).orderBy("poets.sort_name");
  else query = query.orderBy("poets.sort_name", order).orderBy("poets.name", order);
  const [rows, counted] = await Promise.all([
    query
      .orderBy("poets.id")
      .limit(options.perPage)
      .offset((options.page - 1) * options.perPage)
      .execute(),
    db
      .selectFrom("poets")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow(),
  ]);
  return { poets: rows.map(toPoet), ...pageInfo(Number(counted.count), options.page, options.perPage) };
}

/** One page of a poet's poems, by title. */
export async function listPoetPoems(db: DB, poetId: number, options: PageOptions): Promise<PoemPage> {
  const [rows, counted] = await Promise.all([
    selectPoemListRows(db)
      .where("poems.poet_id", "=", poetId)
      .orderBy("poems.title")
      .orderBy("poems.id")
      .limit(options.perPage)
      .offset((options.page - 1) * options.perPage)
      .execute(),
    db
      .selectFrom("poems")
      .where("poems.poet_id", "=", poetId)
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow(),
  ]);
  return { poems: rows.map(toPoemListItem), ...pageInfo(Number(counted.count), options.page, options.perPage) };
}
