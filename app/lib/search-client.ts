import type { ContentHit, PoemHit, PoetHit, SearchPagination, SearchResponse } from "~/server/search/types";

/**
 * The browser's side of GET /api/search: the spec's error texts (section 8) for a failed call, a check of
 * the answer's shape, and the dropdown's view of an answer (grouped items, the header's best match).
 */

export type { ContentHit, PoemHit, PoetHit, SearchPagination, SearchResponse };

export class SearchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SearchError";
  }
}

const isArray = Array.isArray;

/** A search answer, or 'Invalid search response' when it does not have the shape of one. */
export function toSearchResponse(body: unknown): SearchResponse {
  const value = body as Partial<SearchResponse> | null;
  if (
    typeof value !== "object" ||
    value === null ||
    !isArray(value.poets) ||
    !isArray(value.poems) ||
    !isArray(value.contents) ||
    typeof value.pagination !== "object" ||
    value.pagination === null
  ) {
    throw new SearchError("Invalid search response");
  }
  return {
    poets: value.poets,
    poems: value.poems,
    contents: value.contents,
    pagination: value.pagination,
    fuzzy: value.fuzzy ?? { poets: false, poems: false, contents: false },
  };
}

/** GET an /api/search URL: 'HTTP error! status: {code}', 'Invalid response format' or the checked answer. */
export async function fetchSearch(url: string, signal?: AbortSignal): Promise<SearchResponse> {
  const response = await fetch(url, { signal, headers: { Accept: "application/json" } });
  if (!response.ok) throw new SearchError(`HTTP error! status: ${response.status}`);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new SearchError("Invalid response format");
  }
  return toSearchResponse(body);
}

export function isAbortError(error: unknown): boolean {
  return (
    (error instanceof DOMException && error.name === "AbortError") ||
    (error instanceof Error && error.name === "AbortError")
  );
}

export const poemHref = (poem: Pick<PoemHit, "id">) => `/poems/${encodeURIComponent(poem.id)}`;
export const poetHref = (poet: Pick<PoetHit, "directory">) =>
  `/authors/${poet.directory.split("/").map(encodeURIComponent).join("/")}`;

export type SuggestionGroup = "poets" | "titles" | "contents";
export const GROUP_LABELS: Record<SuggestionGroup, string> = { poets: "Poets", titles: "Titles", contents: "Contents" };

export type Suggestion =
  | { kind: "poet"; group: "poets"; key: string; href: string; poet: PoetHit }
  | { kind: "poem"; group: "titles"; key: string; href: string; poem: PoemHit }
  | { kind: "content"; group: "contents"; key: string; href: string; hit: ContentHit };

/** The answer's hits in the dropdown's order: Poets, Titles, Contents, each group in the server's order. */
export function suggestionsOf(response: SearchResponse): Suggestion[] {
  return [
    ...response.poets.map(
      (poet): Suggestion => ({ kind: "poet", group: "poets", key: `poet:${poet.directory}`, href: poetHref(poet), poet }),
    ),
    ...response.poems.map(
      (poem): Suggestion => ({ kind: "poem", group: "titles", key: `poem:${poem.id}`, href: poemHref(poem), poem }),
    ),
    ...response.contents.map(
      (hit): Suggestion => ({ kind: "content", group: "contents", key: `content:${hit.id}`, href: poemHref(hit), hit }),
    ),
  ];
}

/**
 * The header's single best match: a group matched by the words themselves beats one found only by similar
 * spelling; among equals a poet comes first (typing a name means the poet), then a poem, then a line.
 */
export function bestMatch(response: SearchResponse): Suggestion | null {
  const all = suggestionsOf(response);
  const firstOf = (group: SuggestionGroup) => all.find((s) => s.group === group);
  const fuzzy: Record<SuggestionGroup, boolean> = {
    poets: response.fuzzy.poets,
    titles: response.fuzzy.poems,
    contents: response.fuzzy.contents,
  };
  const order: SuggestionGroup[] = ["poets", "titles", "contents"];
  for (const exact of [true, false]) {
    for (const group of order) {
      const found = firstOf(group);
      if (found && fuzzy[group] !== exact) return found;
    }
  }
  return null;
}
