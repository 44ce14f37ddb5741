import { type Expression, type SqlBool, sql } from "kysely";
import type { DB } from "../db.server";
import { type Page, type PoetApi, pageInfo, toPoemListItem, toPoet } from "../serialize.server";
import { type PageOptions, type PoemPage, type SortOrder, selectPoemListRows } from "./poem.server";

export const POET_SORTS = ["name", "count"] as const;
export type PoetSort = (typeof POET_SORTS)[number];

export interface ListPoetsOptions extends PageOptions {
  sort?: PoetSort;
  /** Defaults to asc for name (A to Z) and desc for count (most poems first). */
  order?: SortOrder;
  /** Only poets whose last name starts with this letter (A-Z; the first letter of `sort_name`). */
  letter?: string;
  /** Only poets whose name contains this text, ignoring case and accents ('bronte' finds 'Brontë'). */
  q?: string;
}

export interface ListPoetPoemsOptions extends PageOptions {
  /** Title order; A to Z by default. */
  order?: SortOrder;
  /** Only poems whose title contains this text, ignoring case. */
  q?: string;
}

/** `text` as a LIKE pattern matching itself anywhere: the wildcards % and _ (and the escape \\) are literal. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A case- and accent-insensitive substring test of a text column. */
function containsFolded(column: Expression<string>, text: string): Expression<SqlBool> {
  return sql<SqlBool>`unaccent(lower(${column})) like unaccent(lower(${containsPattern(text)}::text))`;
}

function poetFilters(options: Pick<ListPoetsOptions, "letter" | "q">) {
  const letter = options.letter && /^[a-z]$/i.test(options.letter) ? options.letter.toLowerCase() : null;
  const q = options.q?.trim() || null;
  return <Q extends { where: (...args: any[]) => Q }>(query: Q): Q => {
    let filtered = query;
    // sort_name is 'last, first' folded to plain lower case, so its first character is the last name's letter.
    if (letter) filtered = filtered.where(sql<SqlBool>`left(poets.sort_name, 1) = ${letter}`);
    if (q) filtered = filtered.where(containsFolded(sql.ref("poets.name"), q));
    return filtered;
  };
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

/**
 * One page of poets, by sort name or by number of poems, optionally narrowed to a last-name letter and a
 * name filter; the id keeps pages from overlapping.
 */
export async function listPoets(db: DB, options: ListPoetsOptions): Promise<PoetPage> {
  const sort = options.sort ?? "name";
  const order = options.order ?? defaultPoetOrder(sort);
  const filter = poetFilters(options);
  let query = filter(selectPoetRows(db));
  if (sort === "count") query = query.orderBy("poets.poem_count", order).orderBy("poets.sort_name");
  else query = query.orderBy("poets.sort_name", order).orderBy("poets.name", order);
  const [rows, counted] = await Promise.all([
    query
      .orderBy("poets.id")
      .limit(options.perPage)
      .offset((options.page - 1) * options.perPage)
      .execute(),
    filter(db.selectFrom("poets"))
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow(),
  ]);
  return { poets: rows.map(toPoet), ...pageInfo(Number(counted.count), options.page, options.perPage) };
}

/** The upper-case first letters (A-Z) of the poets' last names: the letters the directory's filter can offer. */
export async function poetInitials(db: DB): Promise<string[]> {
  const rows = await db
    .selectFrom("poets")
    .select(sql<string>`upper(left(poets.sort_name, 1))`.as("letter"))
    .distinct()
    .execute();
  return rows
    .map((r) => r.letter)
    .filter((l) => /^[A-Z]$/.test(l))
    .sort();
}

/** One page of a poet's poems, by title (A to Z unless `order` says desc), optionally filtered by title. */
export async function listPoetPoems(db: DB, poetId: number, options: ListPoetPoemsOptions): Promise<PoemPage> {
  const order = options.order ?? "asc";
  const q = options.q?.trim() || null;
  const byTitle = <Q extends { where: (...args: any[]) => Q }>(query: Q): Q =>
    q ? query.where(sql<SqlBool>`lower(poems.title) like lower(${containsPattern(q)}::text)`) : query;
  const [rows, counted] = await Promise.all([
    byTitle(selectPoemListRows(db).where("poems.poet_id", "=", poetId))
      .orderBy("poems.title", order)
      .orderBy("poems.id", order)
      .limit(options.perPage)
      .offset((options.page - 1) * options.perPage)
      .execute(),
    byTitle(db.selectFrom("poems").where("poems.poet_id", "=", poetId))
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow(),
  ]);
  return { poems: rows.map(toPoemListItem), ...pageInfo(Number(counted.count), options.page, options.perPage) };
}
