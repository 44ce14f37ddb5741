import {
  DISPLAY_CAP,
  defaultTab,
  RESULT_TABS,
  type ResultTab,
  type SearchPageParams,
  tabFields,
} from "~/lib/search-options";
import type { DB } from "../db.server";
import { SNIPPET_CHARS } from "../search/snippet";
import type { ContentHit, PoemHit, PoetHit, SearchOptions, SearchResponse } from "../search/types";
import { search } from "./search.server";

/**
 * The /search page's data, from the same `search` the API answers with (no HTTP to ourselves): a count for
 * every tab and one page of the tab shown. Each tab is searched on its own fields (a group's hits and total
 * depend only on its fields), so the tabs not shown cost a count and a single row, not a page.
 */

export type SearchPageItems =
  | { tab: "poems"; poems: PoemHit[] }
  | { tab: "poets"; poets: PoetHit[] }
  | { tab: "contents"; contents: ContentHit[] };

export interface SearchPageResult {
  tab: ResultTab;
  /** Per tab, at most DISPLAY_CAP + 1 (shown as '1000+'). */
  totals: Record<ResultTab, number>;
  items: SearchPageItems;
  hasMore: boolean;
  /** Pages of the shown tab; results past DISPLAY_CAP are not served. */
  pages: number;
}

const TOTAL_OF: Record<ResultTab, keyof SearchResponse["pagination"]> = {
  poems: "total_poems",
  poets: "total_poets",
  contents: "total_contents",
};
const MORE_OF: Record<ResultTab, keyof SearchResponse["pagination"]> = {
  poems: "has_more_poems",
  poets: "has_more_poets",
  contents: "has_more_contents",
};

export function pagesOf(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(Math.min(total, DISPLAY_CAP) / perPage));
}

function itemsOf(tab: ResultTab, response: SearchResponse | null): SearchPageItems {
  switch (tab) {
    case "poems":
      return { tab, poems: response?.poems ?? [] };
    case "poets":
      return { tab, poets: response?.poets ?? [] };
    case "contents":
      return { tab, contents: response?.contents ?? [] };
  }
}

export async function searchPage(db: DB, params: SearchPageParams): Promise<SearchPageResult> {
  const base: Omit<SearchOptions, "fields" | "page" | "perPage"> = {
    q: params.q,
    fuzzy: params.fuzzy,
    timePeriod: params.timePeriod === "any" ? undefined : params.timePeriod,
    sortBy: params.sort,
    order: params.dir,
    skipCounts: false,
    snippetChars: SNIPPET_CHARS,
  };
  const run = (tab: ResultTab, full: boolean): Promise<SearchResponse | null> => {
    const fields = tabFields(params.type, tab);
    if (fields.length === 0) return Promise.resolve(null);
    return search(db, { ...base, fields, page: full ? params.page : 1, perPage: full ? params.perPage : 1 });
  };

  // Without a tab in the URL, Poems is the likeliest choice: ask it for the full page straight away.
  const guess: ResultTab = params.tab ?? "poems";
  const answers = await Promise.all(RESULT_TABS.map((tab) => run(tab, tab === guess)));
  const byTab = Object.fromEntries(RESULT_TABS.map((tab, i) => [tab, answers[i]])) as Record<
    ResultTab,
    SearchResponse | null
  >;
  const totals = Object.fromEntries(
    RESULT_TABS.map((tab) => [tab, Number(byTab[tab]?.pagination[TOTAL_OF[tab]] ?? 0)]),
  ) as Record<ResultTab, number>;

  const tab = params.tab ?? defaultTab(totals);
  const shown = tab === guess ? byTab[tab] : await run(tab, true);
  return {
    tab,
    totals,
    items: itemsOf(tab, shown),
    hasMore: Boolean(shown?.pagination[MORE_OF[tab]]),
    pages: pagesOf(totals[tab], params.perPage),
  };
}
