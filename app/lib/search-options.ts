/**
 * The search screens' choices, shared by the home dropdown, the header preview and the /search page, and the
 * URLs they lead to. The page's URL keeps every choice (`/search?q=…&type=title&time_period=pre-1800&sort=title
 * &dir=desc&fuzzy=true&tab=poets&view=list&page=2`), leaving out any at its default, so a plain search is just
 * `/search?q=…`. Bad values fall back to the defaults: a hand-edited URL gets a page, never an error.
 */

export const MIN_SEARCH_LENGTH = 2;
export const MAX_SEARCH_LENGTH = 500;
/** Spec section 9: results per request of the header preview and the home dropdown. */
export const SUGGESTION_PER_PAGE = 10;
/** Spec section 9: results page sizes. */
export const RESULTS_PAGE_SIZES = { cards: 50, list: 100 } as const;
/** Totals above this are shown as '1000+' (the server counts up to it and reports one more). */
export const DISPLAY_CAP = 1000;
export const SEARCH_DEBOUNCE_MS = 300;

/** 'Search In' (the spec's route parameter `type`: all, title, author, content). */
export const SEARCH_TYPES = ["all", "title", "author", "content"] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];
export const SEARCH_TYPE_LABELS: Record<SearchType, string> = {
  all: "All",
  title: "Titles",
  author: "Poets",
  content: "Content",
};

export const TIME_PERIOD_CHOICES = ["any", "pre-1800", "1800-1900", "post-1900"] as const;
export type TimePeriodChoice = (typeof TIME_PERIOD_CHOICES)[number];
export const TIME_PERIOD_LABELS: Record<TimePeriodChoice, string> = {
  any: "Any Time",
  "pre-1800": "Pre-1800",
  "1800-1900": "1800-1900",
  "post-1900": "Post-1900",
};

export const SORT_CHOICES = ["relevance", "date", "title", "author"] as const;
export type SortChoice = (typeof SORT_CHOICES)[number];
export const SORT_LABELS: Record<SortChoice, string> = {
  relevance: "Relevance",
  date: "Date",
  title: "Title",
  author: "Author",
};

export const RESULT_TABS = ["poems", "poets", "contents"] as const;
export type ResultTab = (typeof RESULT_TABS)[number];
export const TAB_LABELS: Record<ResultTab, string> = { poems: "Poems", poets: "Poets", contents: "Content Matches" };

/** The API's `fields` for each result group. */
export type SearchField = "title" | "author" | "content" | "poets";
export const FIELDS_OF_TYPE: Record<SearchType, readonly SearchField[]> = {
  all: ["title", "author", "content", "poets"],
  title: ["title"],
  author: ["poets", "author"],
  content: ["content"],
};
const FIELDS_OF_TAB: Record<ResultTab, readonly SearchField[]> = {
  poems: ["title", "author"],
  poets: ["poets"],
  contents: ["content"],
};

export function fieldsOfType(type: SearchType): SearchField[] {
  return [...FIELDS_OF_TYPE[type]];
}

/** The fields of `type` that feed one tab (empty: the tab has nothing to show for this type). */
export function tabFields(type: SearchType, tab: ResultTab): SearchField[] {
  return FIELDS_OF_TAB[tab].filter((f) => FIELDS_OF_TYPE[type].includes(f));
}

/** The filter panel's choices (the dropdown and the page share them). */
export interface SearchFilters {
  type: SearchType;
  timePeriod: TimePeriodChoice;
  sort: SortChoice;
  dir: "asc" | "desc";
  fuzzy: boolean;
}

export const DEFAULT_FILTERS: SearchFilters = { type: "all", timePeriod: "any", sort: "relevance", dir: "asc", fuzzy: false };

/** Everything the /search page reads from its URL. */
export interface SearchPageParams extends SearchFilters {
  q: string;
  /** The tab asked for in the URL; absent means the spec's default choice. */
  tab: ResultTab | null;
  view: "cards" | "list";
  page: number;
  perPage: number;
}

/** The trimmed query, cut to the longest the server accepts. */
export function normaliseQuery(raw: string | null | undefined): string {
  return (raw ?? "").trim().slice(0, MAX_SEARCH_LENGTH).trim();
}

export function isSearchable(q: string): boolean {
  return q.trim().length >= MIN_SEARCH_LENGTH;
}

/** The URL query of the filters, defaults left out (so a plain search adds nothing). */
export function filterEntries(filters: SearchFilters): [string, string][] {
  const entries: [string, string][] = [];
  if (filters.type !== "all") entries.push(["type", filters.type]);
  if (filters.timePeriod !== "any") entries.push(["time_period", filters.timePeriod]);
  if (filters.sort !== "relevance") {
    entries.push(["sort", filters.sort]);
    if (filters.dir !== "asc") entries.push(["dir", filters.dir]);
  }
  if (filters.fuzzy) entries.push(["fuzzy", "true"]);
  return entries;
}

/** The /search page for a query and filters: `/search?q=keats` when every filter is at its default. */
export function searchPageHref(
  q: string,
  filters: SearchFilters = DEFAULT_FILTERS,
  extra: { tab?: ResultTab | null; view?: "cards" | "list"; page?: number } = {},
): string {
  const params = new URLSearchParams([["q", q.trim()], ...filterEntries(filters)]);
  if (extra.tab) params.set("tab", extra.tab);
  if (extra.view && extra.view !== "cards") params.set("view", extra.view);
  if (extra.page && extra.page > 1) params.set("page", String(extra.page));
  return `/search?${params.toString()}`;
}

/**
 * GET /api/search for the given fields and page: the filters as the API names them (`sort_by`, `order`), the
 * spec's omissions (no `time_period` for any time, no `sort_by` for relevance).
 */
export function searchApiHref(
  q: string,
  filters: SearchFilters,
  options: {
    fields?: readonly SearchField[];
    page?: number;
    perPage: number;
    skipCounts?: boolean;
    context?: "dropdown" | "page";
  },
): string {
  const params = new URLSearchParams([["q", q.trim()]]);
  const fields = options.fields ?? fieldsOfType(filters.type);
  if (filters.type !== "all" || options.fields) for (const f of fields) params.append("fields", f);
  if ((options.page ?? 1) > 1) params.set("page", String(options.page));
  params.set("per_page", String(options.perPage));
  if (filters.fuzzy) params.set("fuzzy", "true");
  if (filters.timePeriod !== "any") params.set("time_period", filters.timePeriod);
  if (filters.sort !== "relevance") {
    params.set("sort_by", filters.sort);
    params.set("order", filters.dir);
  }
  if (options.skipCounts) params.set("skipCounts", "true");
  if (options.context) params.set("context", options.context);
  return `/api/search?${params.toString()}`;
}

/** A total as the page shows it: '1,234' style up to the cap, '1000+' past it. */
export function displayTotal(total: number): string {
  return total > DISPLAY_CAP ? `${DISPLAY_CAP}+` : total.toLocaleString("en-US");
}

/** The spec's default tab: Poems, else Poets, else Content Matches, whichever is non-empty first. */
export function defaultTab(totals: Record<ResultTab, number>): ResultTab {
  return RESULT_TABS.find((tab) => totals[tab] > 0) ?? "poems";
}
