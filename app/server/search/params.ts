import { z } from "zod";
import { enumParam, intParam, parseInput } from "../http.server";
import { MAX_PAGE, MAX_PER_PAGE } from "../serialize.server";
import { TIME_PERIODS } from "./periods";
import { DROPDOWN_SNIPPET_CHARS, SNIPPET_CHARS } from "./snippet";
import { SEARCH_FIELDS, SEARCH_SORTS, type SearchField, type SearchOptions } from "./types";

/** The query-string parameters of GET /api/search, validated; each failure names its parameter. */

export const MIN_QUERY_LENGTH = 2;
export const MAX_QUERY_LENGTH = 500;
export const DEFAULT_PER_PAGE = 10;
export const SNIPPET_CHARS_RANGE = { min: 20, max: 300 } as const;

function booleanParam(name: string) {
  const message = `${name} must be true or false`;
  return z
    .string({ error: message })
    .trim()
    .toLowerCase()
    .pipe(z.enum(["true", "false", "1", "0", "yes", "no", "on", "off"], { error: message }))
    .transform((v) => v === "true" || v === "1" || v === "yes" || v === "on")
    .optional()
    .default(false);
}

const fieldsMessage = `fields must be one or more of: ${SEARCH_FIELDS.join(", ")}`;

export const SearchQuerySchema = z.object({
  q: z
    .string({ error: "q is required" })
    .transform((q) => q.trim())
    .pipe(
      z
        .string()
        .min(MIN_QUERY_LENGTH, `q must be at least ${MIN_QUERY_LENGTH} characters`)
        .max(MAX_QUERY_LENGTH, `q must be at most ${MAX_QUERY_LENGTH} characters`),
    ),
  fields: z
    .array(z.enum(SEARCH_FIELDS, { error: fieldsMessage }), { error: fieldsMessage })
    .min(1, fieldsMessage)
    .optional(),
  page: intParam("page", { min: 1, max: MAX_PAGE, fallback: 1 }),
  per_page: intParam("per_page", { min: 1, max: MAX_PER_PAGE, fallback: DEFAULT_PER_PAGE }),
  fuzzy: booleanParam("fuzzy"),
  // The page omits it for "Any Time"; "any" is accepted as the same.
  time_period: enumParam("time_period", [...TIME_PERIODS, "any"]),
  sort_by: enumParam("sort_by", SEARCH_SORTS),
  order: enumParam("order", ["asc", "desc"]),
  skipCounts: booleanParam("skipCounts"),
  snippet_chars: intParam("snippet_chars", { ...SNIPPET_CHARS_RANGE, fallback: 0 }),
  context: enumParam("context", ["page", "dropdown"]),
});

/** Repeated `fields` (fields=title&fields=author) and a comma list (fields=title,author) both work. */
function rawInput(params: URLSearchParams): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const [key, value] of params) {
    if (key === "fields") {
      const list = (input.fields as string[] | undefined) ?? [];
      list.push(...value.split(",").map((v) => v.trim().toLowerCase()));
      input.fields = list;
    } else if (!(key in input)) input[key] = value;
  }
  return input;
}

export function parseSearchParams(params: URLSearchParams): SearchOptions {
  const query = parseInput(SearchQuerySchema, rawInput(params));
  const snippetChars = query.snippet_chars || (query.context === "dropdown" ? DROPDOWN_SNIPPET_CHARS : SNIPPET_CHARS);
  return {
    q: query.q,
    fields: (query.fields ?? [...SEARCH_FIELDS]) as SearchField[],
    page: query.page,
    perPage: query.per_page,
    fuzzy: query.fuzzy,
    timePeriod: query.time_period === "any" ? undefined : query.time_period,
    sortBy: query.sort_by ?? "relevance",
    order: query.order,
    skipCounts: query.skipCounts,
    snippetChars,
  };
}
