import { z } from "zod";
import {
  FIELDS_OF_TYPE,
  normaliseQuery,
  RESULT_TABS,
  RESULTS_PAGE_SIZES,
  type ResultTab,
  SEARCH_TYPES,
  type SearchPageParams,
  type SearchType,
  SORT_CHOICES,
  TIME_PERIOD_CHOICES,
} from "./search-options";

// The /search page's URL, read with zod. Apart from ./search-options (which the header's search box imports on
// every page) so that zod ships only with the search page.

const TRUE_WORDS = new Set(["true", "1", "yes", "on"]);

/** `fields` as the API takes them (repeated or comma-separated), understood as the nearest 'Search In' choice. */
function typeOfFields(values: string[]): SearchType | undefined {
  const fields = new Set(values.flatMap((v) => v.split(",")).map((v) => v.trim().toLowerCase()));
  if (fields.size === 0) return undefined;
  const match = SEARCH_TYPES.find((type) => {
    const own = FIELDS_OF_TYPE[type];
    return own.length === fields.size && own.every((f) => fields.has(f));
  });
  if (match) return match;
  if (fields.size === 1 && fields.has("poets")) return "author";
  if (fields.size === 1 && fields.has("author")) return "author";
  return "all";
}

function choice<T extends string>(values: readonly T[], raw: string | null | undefined, fallback: T): T {
  return z
    .enum(values as unknown as [T, ...T[]])
    .catch(fallback)
    .parse(raw?.trim().toLowerCase() ?? undefined);
}

export function parseSearchPageParams(search: URLSearchParams): SearchPageParams {
  const view = choice(["cards", "list"] as const, search.get("view"), "cards");
  const type = choice(SEARCH_TYPES, search.get("type"), typeOfFields(search.getAll("fields")) ?? "all");
  const tab = search.get("tab");
  const chosenTab = choice<ResultTab | "default">([...RESULT_TABS, "default"], tab, "default");
  return {
    q: normaliseQuery(search.get("q")),
    type,
    timePeriod: choice(TIME_PERIOD_CHOICES, search.get("time_period"), "any"),
    sort: choice(SORT_CHOICES, search.get("sort") ?? search.get("sort_by"), "relevance"),
    dir: choice(["asc", "desc"] as const, search.get("dir") ?? search.get("order"), "asc"),
    fuzzy: TRUE_WORDS.has((search.get("fuzzy") ?? "").trim().toLowerCase()),
    tab: chosenTab === "default" ? null : chosenTab,
    view,
    page: z.coerce.number().int().min(1).max(100_000).catch(1).parse(search.get("page") ?? 1),
    perPage: RESULTS_PAGE_SIZES[view],
  };
}

