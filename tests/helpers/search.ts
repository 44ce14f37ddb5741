import type { SearchOptions } from "~/server/models/search.server";

/** search()'s options as GET /api/search fills them for a bare `?q=`. */
export function searchOptions(q: string): SearchOptions {
  return {
    q,
    fields: ["title", "author", "content", "poets"],
    page: 1,
    perPage: 10,
    fuzzy: false,
    sortBy: "relevance",
    skipCounts: false,
    snippetChars: 100,
  };
}
