import type { z } from "zod";
import type { FavoriteItemSchema } from "../api-shapes.server";
import { sql, type Transaction } from "kysely";
import type { DB } from "../db.server";
import type { Database } from "../db/schema";
import { FAVORITES, notifyDataChanged, poemTag } from "../data-version.server";

export type FavoriteAction = "favorited" | "unfavorited";

export interface FavoriteChange {
  action: FavoriteAction;
  favorite_count: number;
  is_favorited: boolean;
}

/** The poem's id for an id or a slug (the addresses accept both), or undefined when there is no such poem. */
export async function resolvePoemId(db: DB, idOrSlug: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("poems")
    .select("id")
    .where((eb) => eb.or([eb("id", "=", idOrSlug), eb("slug", "=", idOrSlug)]))
    .orderBy(sql`id = ${idOrSlug}`, "desc")
    .executeTakeFirst();
  return row?.id;
}

type Executor = Transaction<Database>;

/**
 * After the commit, so no cached page can be rebuilt from the count as it was: that poem's pages and answers
 * (its count, and who favorites it) and whatever shows counts of several poems (FAVORITES) are stale.
 */
function favoriteChanged(db: DB, poemId: string): Promise<void> {
  return notifyDataChanged(db, [FAVORITES, poemTag(poemId)]);
}

/** The body shared by setFavorite and toggleFavorite, inside their transaction. */
async function applyFavorite(
  trx: Executor,
  userId: number,
  poemId: string,
  favorite: boolean,
): Promise<FavoriteChange> {
  const changed = favorite
    ? await trx
        .insertInto("favorites")
        .values({ user_id: userId, poem_id: poemId })
        .onConflict((oc) => oc.columns(["user_id", "poem_id"]).doNothing())
        .returning("poem_id")
        .executeTakeFirst()
    : await trx
        .deleteFrom("favorites")
        .where("user_id", "=", userId)
        .where("poem_id", "=", poemId)
        .returning("poem_id")
        .executeTakeFirst();
  // Only a row actually inserted or deleted moves the count, and it moves relative to the committed value.
  const row = changed
    ? await trx
        .updateTable("poems")
        .set({ favorite_count: sql`greatest(favorite_count + ${favorite ? 1 : -1}, 0)` })
        .where("id", "=", poemId)
        .returning("favorite_count")
        .executeTakeFirstOrThrow()
    : await trx.selectFrom("poems").select("favorite_count").where("id", "=", poemId).executeTakeFirstOrThrow();
  return { action: favorite ? "favorited" : "unfavorited", favorite_count: row.favorite_count, is_favorited: favorite };
}

async function poemExists(trx: Executor, poemId: string, lock: boolean): Promise<boolean> {
  let query = trx.selectFrom("poems").select("id").where("id", "=", poemId);
  if (lock) query = query.forUpdate();
  return (await query.executeTakeFirst()) !== undefined;
}

/**
 * Sets whether a user favorites a poem (idempotent: favoriting twice is one favorite). One transaction: the
 * insert (or delete) says by its returned row whether anything changed, and only then is the count moved,
 * relatively (favorite_count ± 1), so any number of concurrent calls by any number of users leaves
 * favorite_count equal to the number of favorites rows. Undefined when the poem does not exist.
 */
export async function setFavorite(
  db: DB,
  userId: number,
  poemId: string,
  favorite: boolean,
): Promise<FavoriteChange | undefined> {
  const change = await db.transaction().execute(async (trx) => {
    if (!(await poemExists(trx, poemId, false))) return undefined;
    return applyFavorite(trx, userId, poemId, favorite);
  });
  if (change) await favoriteChanged(db, poemId);
  return change;
}

/**
 * Flips a favorite (the API's POST /api/poems/{id}/favorite). The poem row is locked first, so two
 * concurrent flips by one user run one after the other and end where two sequential ones would.
 */
export async function toggleFavorite(db: DB, userId: number, poemId: string): Promise<FavoriteChange | undefined> {
  const change = await db.transaction().execute(async (trx) => {
    if (!(await poemExists(trx, poemId, true))) return undefined;
    const existing = await trx
      .selectFrom("favorites")
      .select("poem_id")
      .where("user_id", "=", userId)
      .where("poem_id", "=", poemId)
      .executeTakeFirst();
    return applyFavorite(trx, userId, poemId, existing === undefined);
  });
  if (change) await favoriteChanged(db, poemId);
  return change;
}

export async function favoriteStatus(
  db: DB,
  userId: number,
  poemId: string,
): Promise<{ is_favorited: boolean; favorite_count: number } | undefined> {
  const row = await db
    .selectFrom("poems")
    .leftJoin("favorites", (join) =>
      join.onRef("favorites.poem_id", "=", "poems.id").on("favorites.user_id", "=", userId),
    )
    .select(["poems.favorite_count", "favorites.user_id"])
    .where("poems.id", "=", poemId)
    .executeTakeFirst();
  if (!row) return undefined;
  return { is_favorited: row.user_id !== null, favorite_count: row.favorite_count };
}

export const FAVORITE_SORTS = ["date", "title", "author", "year"] as const;
export type FavoriteSort = (typeof FAVORITE_SORTS)[number];

export type FavoriteItem = z.infer<typeof FavoriteItemSchema>;

export interface FavoriteListOptions {
  /** Case-insensitive substring of the title or the author's name. */
  q?: string;
  sort?: FavoriteSort;
  order?: "asc" | "desc";
  page?: number;
  perPage?: number;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** One user's favorites, filtered, sorted and paged; `total` counts the matches, `all` every favorite. */
export async function listFavorites(
  db: DB,
  userId: number,
  options: FavoriteListOptions = {},
): Promise<{ favorites: FavoriteItem[]; total: number; all: number }> {
  const order = options.order ?? (options.sort === undefined || options.sort === "date" ? "desc" : "asc");
  const q = options.q?.trim() ?? "";
  const base = db
    .selectFrom("favorites")
    .innerJoin("poems", "poems.id", "favorites.poem_id")
    .innerJoin("poets", "poets.id", "poems.poet_id")
    .where("favorites.user_id", "=", userId);
  const filtered = q
    ? base.where((eb) => {
        const pattern = `%${escapeLike(q)}%`;
        return eb.or([eb("poems.title", "ilike", pattern), eb("poets.name", "ilike", pattern)]);
      })
    : base;

  let query = filtered.select([
    "poems.id",
    "poems.slug",
    "poems.title",
    "poets.name as author",
    "poets.directory as author_directory",
    "poems.year",
    "poems.favorite_count",
    "favorites.created_at as favorited_at",
  ]);
  const dir = sql.raw(order === "asc" ? "asc" : "desc");
  switch (options.sort ?? "date") {
    case "title":
      query = query.orderBy(sql`lower(poems.title) ${dir}`).orderBy("poems.id");
      break;
    case "author":
      query = query.orderBy(sql`poets.sort_name ${dir}`).orderBy(sql`lower(poems.title)`).orderBy("poems.id");
      break;
    case "year":
      query = query.orderBy(sql`poems.year ${dir} nulls last`).orderBy(sql`lower(poems.title)`).orderBy("poems.id");
      break;
    default:
      query = query.orderBy(sql`favorites.created_at ${dir}`).orderBy("poems.id");
  }
  if (options.perPage) {
    const page = Math.max(1, options.page ?? 1);
    query = query.limit(options.perPage).offset((page - 1) * options.perPage);
  }
  const [rows, total, all] = await Promise.all([
    query.execute(),
    filtered.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
    q
      ? base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()
      : Promise.resolve(undefined),
  ]);
  return {
    favorites: rows.map((row) => ({ ...row, favorited_at: new Date(row.favorited_at).toISOString() })),
    total: Number(total.n),
    all: Number(all?.n ?? total.n),
  };
}
