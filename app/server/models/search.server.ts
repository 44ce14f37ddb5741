import { type DB, preparesStatements } from "../db.server";
import {
  type CandidateContext,
  type Candidates,
  contentsMatches,
  exactPoems,
  exactPoets,
  fuzzyContents,
  fuzzyPoems,
  fuzzyPoets,
  exactThenFuzzy,
} from "../search/candidates.server";
import { contentSnippets } from "../search/highlight.server";
import { type GroupPage, type PageRequest, pagePoems, pagePoets, type PoemPageRow } from "../search/paging.server";
import { anyWordTsqueryText, parseSearchText } from "../search/query-text";
import { orOperands } from "../search/stems.server";
import type { Snippet } from "../search/snippet";
import type { ContentHit, PoemHit, PoetHit, SearchOptions, SearchResponse } from "../search/types";

export { refreshSearchIndex } from "../search/refresh.server";
export { type SearchPoemTitlesOptions, searchPoemTitles, TITLE_SORTS, type TitleSort } from "../search/titles.server";
export * from "../search/types";
export { TIME_PERIODS, type TimePeriod } from "../search/periods";

const EMPTY: GroupPage<never> = { rows: [], total: 0, hasMore: false, fuzzy: false };

/**
 * One group's page: exact matches; when `fuzzy` is asked for, similar spellings too (ranked after). Without
 * it, a group whose exact search finds nothing at all falls back to similar spellings on its own, so
 * 'Shelly' still finds the poet while content hits for the word 'shelly' stay exact.
 */
async function runGroup<T>(
  exact: Candidates | null,
  fuzzy: Candidates | null,
  fuzzyAsked: boolean,
  page: (candidates: Candidates) => Promise<GroupPage<T>>,
): Promise<GroupPage<T>> {
  const candidates = exactThenFuzzy(exact, fuzzy, fuzzyAsked);
  return candidates ? page(candidates) : EMPTY;
}

function toPoetHit(row: {
  id: number;
  name: string;
  directory: string;
  poem_count: number;
  birth_date: string | null;
  death_date: string | null;
}): PoetHit {
  return {
    id: row.id,
    name: row.name,
    directory: row.directory,
    directory_name: row.directory,
    poem_count: row.poem_count,
    birth_date: row.birth_date,
    death_date: row.death_date,
  };
}

function toPoemHit(row: PoemPageRow): PoemHit {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    author: row.author,
    author_directory: row.author_directory,
    year: row.year,
    favorite_count: row.favorite_count,
    view_count: row.view_count,
  };
}

function toContentHit(row: PoemPageRow, snippet: Snippet): ContentHit {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    author: row.author,
    author_directory: row.author_directory,
    year: row.year,
    ...snippet,
    content: snippet.snippet_text,
  };
}

/** The search behind GET /api/search: poets, poems (by title or poet) and content hits, one page of each. */
export async function search(db: DB, options: SearchOptions): Promise<SearchResponse> {
  const query = parseSearchText(options.q);
  // On PostgreSQL the group statements are prepared and may settle on generic plans (candidates.server.ts, once()).
  const reusablePlan = preparesStatements(db);
  const ctx: CandidateContext = { query, period: options.timePeriod, reusablePlan };
  const fields = new Set(options.fields);
  const request: PageRequest = {
    sort: options.sortBy,
    order: options.order ?? "asc",
    offset: (options.page - 1) * options.perPage,
    limit: options.perPage,
  };
  const headFields = { title: fields.has("title"), author: fields.has("author") };
  const wantsHead = headFields.title || headFields.author;

  // What the snippets will compare words with, asked beside the groups rather than after them (stems.server.ts).
  const anyWord = fields.has("content") ? anyWordTsqueryText(query) : "";
  if (anyWord) void orOperands(db, anyWord).catch(() => undefined);

  // Each group on its own connection (PostgreSQL runs them side by side; PGlite queues them). The content hits
  // are asked first: theirs is the longest statement, and each query sent before it would delay its start.
  const [contents, poets, poems] = await Promise.all([
    fields.has("content")
      ? runGroup(contentsMatches(ctx), fuzzyContents(ctx), options.fuzzy, (c) =>
          pagePoems(db, c, request, { withContent: true, reusablePlan }),
        )
      : EMPTY,
    fields.has("poets")
      ? runGroup(exactPoets(ctx), fuzzyPoets(ctx), options.fuzzy, (c) => pagePoets(db, c, request, { reusablePlan }))
      : EMPTY,
    wantsHead
      ? runGroup(exactPoems(ctx, headFields), fuzzyPoems(ctx, headFields), options.fuzzy, (c) =>
          pagePoems(db, c, request, { reusablePlan }),
        )
      : EMPTY,
  ]);

  const snippets = await contentSnippets(
    db,
    query,
    contents.rows.map((row) => ({ id: row.id, content: row.content ?? "", continues: row.content_continues ?? false })),
    options.snippetChars,
  );
  const contentHits = contents.rows.map((row, i) => toContentHit(row, snippets[i]));

  const total = (group: GroupPage<unknown>) => (options.skipCounts ? null : group.total);
  return {
    poets: poets.rows.map(toPoetHit),
    poems: poems.rows.map(toPoemHit),
    contents: contentHits,
    pagination: {
      page: options.page,
      per_page: options.perPage,
      total_poets: total(poets),
      total_poems: total(poems),
      total_contents: total(contents),
      has_more_poets: poets.hasMore,
      has_more_poems: poems.hasMore,
      has_more_contents: contents.hasMore,
    },
    fuzzy: { poets: poets.fuzzy, poems: poems.fuzzy, contents: contents.fuzzy },
  };
}
