import { type RawBuilder, sql } from "kysely";
import type { DB } from "../db.server";
import { REUSABLE_PLAN } from "../db/prepared-statements.server";
import { poemEraSql, poetEraSql } from "./periods";
import type { Candidates } from "./candidates.server";
import { SNIPPET_SCAN_CHARS } from "./highlight.server";
import { RESULT_CAP, type SearchSort, type SortOrder } from "./types";

/**
 * One page of a group: candidates deduplicated (a poem found both exactly and fuzzily keeps its exact tier),
 * ordered, cut to the page, and joined to the columns the answer shows. The total is the number of distinct
 * candidates, which costs nothing more: ranking has already had to look at all of them.
 */

export interface PageRequest {
  sort: SearchSort;
  order: SortOrder;
  offset: number;
  limit: number;
}

export interface GroupPage<T> {
  rows: T[];
  /** Distinct candidates, at most RESULT_CAP + 1. */
  total: number;
  hasMore: boolean;
  /** Whether any candidate came from fuzzy matching (tier 1). */
  fuzzy: boolean;
}

interface Counts {
  total: number;
  fuzzy_total: number;
}

export interface PoemPageRow {
  id: string;
  slug: string;
  title: string;
  author: string;
  author_directory: string;
  year: number | null;
  favorite_count: number;
  view_count: number;
  /** The start of the text (SNIPPET_SCAN_CHARS), for content hits only. */
  content?: string;
  /** Whether the text goes on past `content`. */
  content_continues?: boolean;
}

export interface PoetPageRow {
  id: number;
  name: string;
  directory: string;
  poem_count: number;
  birth_date: string | null;
  death_date: string | null;
}

function direction(order: SortOrder): RawBuilder<unknown> {
  return order === "desc" ? sql`desc` : sql`asc`;
}

function poemOrder({ sort, order }: PageRequest): RawBuilder<unknown> {
  const dir = direction(order);
  switch (sort) {
    case "relevance":
      return sql`b.tier, b.score desc, b.id collate "C"`;
    case "title":
      return sql`p.title_fold ${dir}, p.title ${dir}, p.id collate "C"`;
    case "author":
      return sql`pt.sort_name ${dir}, p.title_fold, p.id collate "C"`;
    case "date":
      return sql`${poemEraSql("p", "pt")} ${dir} nulls last, p.title_fold, p.id collate "C"`;
  }
}

function poetOrder({ sort, order }: PageRequest): RawBuilder<unknown> {
  const dir = direction(order);
  switch (sort) {
    case "relevance":
      return sql`b.tier, b.score desc, pt.poem_count desc, pt.sort_name, b.id`;
    case "title":
    case "author":
      return sql`pt.sort_name ${dir}, pt.name ${dir}, pt.id`;
    case "date":
      return sql`${poetEraSql("pt")} ${dir} nulls last, pt.sort_name, pt.id`;
  }
}

/** The page size left inside the RESULT_CAP window; pages past it are empty. */
function servedLimit(request: PageRequest): number {
  return Math.max(0, Math.min(request.limit, RESULT_CAP - request.offset));
}

/**
 * The page's LIMIT and OFFSET, written into the text rather than bound: a generic plan (PageOptions.reusablePlan)
 * cannot see a bound limit and estimates a tenth of the rows, which priced it above the plans made for the values
 * and kept PostgreSQL planning every search statement again (0.6 to 3 ms each). Page sizes and offsets are few.
 */
function pageWindow(request: PageRequest): RawBuilder<unknown> {
  return sql`limit ${sql.lit(servedLimit(request))} offset ${sql.lit(Math.min(request.offset, RESULT_CAP))}`;
}

function finish<T>(rows: (T & Counts)[], request: PageRequest): GroupPage<T> {
  // Exact and fuzzy candidates are capped separately; the answer never counts past the cap.
  const total = Math.min(Number(rows[0]?.total ?? 0), RESULT_CAP + 1);
  const fuzzy = Number(rows[0]?.fuzzy_total ?? 0) > 0;
  const present = rows.filter((r) => (r as { id?: unknown }).id !== null);
  const shown = present.map(({ total: _t, fuzzy_total: _f, ...row }) => row as T);
  return { rows: shown, total, fuzzy, hasMore: request.offset + shown.length < Math.min(total, RESULT_CAP) };
}

/**
 * The candidates, each once and with its best tier and score (a poem found both exactly and fuzzily keeps its
 * exact tier), and their totals, which every page answers with, even past the last page.
 */
function best(candidates: Candidates): RawBuilder<unknown> {
  // Grouped by hashing: sorting 1,000 ids under the database's linguistic collation costs milliseconds.
  const rows = candidates.distinct
    ? sql`select id, tier, score from cand`
    : sql`select id, min(tier) as tier, coalesce(max(score) filter (where tier = 0), max(score)) as score
        from cand
        group by id`;
  return sql`cand as materialized (${candidates.rows}),
    best as (${rows}),
    counts as (select count(*)::int as total, (count(*) filter (where tier = 1))::int as fuzzy_total from best)`;
}

export interface PageOptions {
  /** Also the start of each poem's text, for its snippet. */
  withContent?: boolean;
  /**
   * Whether PostgreSQL may run the statement from a generic plan (db/prepared-statements.server.ts): only for
   * candidates built for one (CandidateContext.reusablePlan).
   */
  reusablePlan?: boolean;
}

/** The start of a paging statement: its REUSABLE_PLAN mark, or nothing. */
function planMark(options: PageOptions): RawBuilder<unknown> {
  return options.reusablePlan ? sql.raw(REUSABLE_PLAN) : sql``;
}

export async function pagePoems(
  db: DB,
  candidates: Candidates,
  request: PageRequest,
  options: PageOptions = {},
): Promise<GroupPage<PoemPageRow>> {
  const { withContent = false } = options;
  const order = poemOrder(request);
  // The page is cut by the order alone (a bounded sort of the candidates), then its few rows are joined and put
  // in the same order again. The content is read only for them, and only its start; its length comes from
  // poem_search (char_length() would decompress the whole of a 280 KB poem).
  const { rows } = await sql<PoemPageRow & Counts>`${planMark(options)}
    with ${best(candidates)},
    page as (
      select b.id, b.tier, b.score
      from best b
      ${request.sort === "relevance" ? sql`` : sql`join poems p on p.id = b.id join poets pt on pt.id = p.poet_id`}
      order by ${order}
      ${pageWindow(request)}
    )
    select k.total, k.fuzzy_total,
      p.id, p.slug, p.title, pt.name as author, pt.directory as author_directory, p.year,
      p.favorite_count, p.view_count
      ${
        withContent
          ? sql`, left(p.content, ${sql.lit(SNIPPET_SCAN_CHARS)}) as content,
                s.body_length > ${sql.lit(SNIPPET_SCAN_CHARS)} as content_continues`
          : sql``
      }
    from counts k
    left join (page b join poems p on p.id = b.id join poets pt on pt.id = p.poet_id
      ${withContent ? sql`join poem_search s on s.poem_id = p.id` : sql``}) on true
    order by ${order}`.execute(db);
  return finish(rows, request);
}

export async function pagePoets(
  db: DB,
  candidates: Candidates,
  request: PageRequest,
  options: PageOptions = {},
): Promise<GroupPage<PoetPageRow>> {
  const order = poetOrder(request);
  const { rows } = await sql<PoetPageRow & Counts>`${planMark(options)}
    with ${best(candidates)},
    page as (
      select b.id, b.tier, b.score
      from best b
      join poets pt on pt.id = b.id
      order by ${order}
      ${pageWindow(request)}
    )
    select k.total, k.fuzzy_total,
      pt.id, pt.name, pt.directory, pt.poem_count, pt.birth_date, pt.death_date
    from counts k
    left join (page b join poets pt on pt.id = b.id) on true
    order by ${order}`.execute(db);
  return finish(rows, request);
}
