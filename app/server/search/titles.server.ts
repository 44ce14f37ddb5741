import { type RawBuilder, sql } from "kysely";
import type { DB } from "../db.server";
import { type PoemSort, poemListItemsByIds, type SortOrder } from "../models/poem.server";
import type { PoemListItem } from "../serialize.server";

/** The title filter of the catalogue and poet pages. */

export const TITLE_SORTS = ["relevance", "title", "year", "author", "likes"] as const;
export type TitleSort = "relevance" | PoemSort;

export interface SearchPoemTitlesOptions {
  q: string;
  poetId?: number;
  page: number;
  perPage: number;
  /** Default: relevance (most similar first). */
  sort?: TitleSort;
  order?: SortOrder;
  /**
   * "always" (the default, the catalogue): titles containing the text or spelled like it. "fallback" (the poet
   * page, whose filter the spec calls a case-insensitive substring): titles containing the text, and similar
   * spellings only when no title contains it, so a slip still finds the poem.
   */
  fuzzy?: "always" | "fallback";
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Texts shorter than this (in letters and digits) have no trigram to compare: they match title starts. */
const MIN_TRIGRAM_TEXT = 3;

/**
 * Poems whose title contains the text or is spelled like it (trigram word similarity), accents and case
 * ignored; most similar first unless another sort is asked for. One or two letters match the start of
 * titles (with `fuzzy: "fallback"`, titles containing them). Text without a letter or digit matches nothing.
 */
export async function searchPoemTitles(
  db: DB,
  options: SearchPoemTitlesOptions,
): Promise<{ poems: PoemListItem[]; total: number }> {
  const text = options.q
    .normalize("NFC")
    .replace(/[\u0000-\u001f\u007f]/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 200);
  const letters = text.match(/[\p{L}\p{N}]/gu)?.length ?? 0;
  if (letters === 0) return { poems: [], total: 0 };
  const q = sql<string>`search_fold(${text})`;
  const title = sql`p.title_fold`;
  const starts = sql`${title} like search_fold(${escapeLike(text)}) || '%'`;
  const contains = sql`${title} like '%' || search_fold(${escapeLike(text)}) || '%'`;
  const similar = sql`(${q} <% ${title} or ${title} % ${q})`;
  if (options.fuzzy === "fallback") {
    const found = await runTitleSearch(db, options, text, contains);
    if (found.total > 0 || letters < MIN_TRIGRAM_TEXT) return found;
    return runTitleSearch(db, options, text, similar);
  }
  const match = letters < MIN_TRIGRAM_TEXT ? starts : sql`(${contains} or ${similar})`;
  return runTitleSearch(db, options, text, match);
}

async function runTitleSearch(
  db: DB,
  options: SearchPoemTitlesOptions,
  text: string,
  match: RawBuilder<unknown>,
): Promise<{ poems: PoemListItem[]; total: number }> {
  const q = sql<string>`search_fold(${text})`;
  const title = sql`p.title_fold`;
  const poet = options.poetId === undefined ? sql`` : sql`and p.poet_id = ${options.poetId}`;
  const sort = options.sort ?? "relevance";
  const dir = options.order === "desc" ? sql`desc` : sql`asc`;
  const order = {
    relevance: sql`h.score desc, p.title_fold, p.id`,
    title: sql`p.title_fold ${dir}, p.title ${dir}, p.id`,
    year: sql`p.year ${dir} nulls last, p.title_fold, p.id`,
    author: sql`pt.sort_name ${dir}, p.title_fold, p.id`,
    likes: sql`p.favorite_count ${options.order === "asc" ? sql`asc` : sql`desc`}, p.view_count desc, p.id`,
  }[sort];
  // Materialised: the match goes through the trigram index first, and only its rows are scored and sorted
  // (planned as one query, a small LIMIT tempts PostgreSQL to walk every title in sort order instead).
  const { rows } = await sql<{ id: string; total: number }>`
    with matched as materialized (
      select p.id, ${title} as t from poems p where ${match} ${poet}
    ),
    hits as (
      select m.id,
        (case when m.t like search_fold(${escapeLike(text)}) || '%' then 2
              when m.t like '%' || search_fold(${escapeLike(text)}) || '%' then 1 else 0 end
          + greatest(word_similarity(${q}, m.t), similarity(${q}, m.t)))::float8 as score
      from matched m
    )
    select h.id, count(*) over ()::int as total
    from hits h
    join poems p on p.id = h.id
    join poets pt on pt.id = p.poet_id
    order by ${order}
    limit ${options.perPage} offset ${(options.page - 1) * options.perPage}`.execute(db);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && options.page > 1) {
    const counted = await sql<{ n: number }>`
      select count(*)::int as n from poems p where ${match} ${poet}`.execute(db);
    total = counted.rows[0]?.n ?? 0;
  }
  return {
    poems: await poemListItemsByIds(
      db,
      rows.map((r) => r.id),
    ),
    total,
  };
}
