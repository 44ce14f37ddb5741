import type { z } from "zod";
import type { SameShape, SearchResponseSchema } from "../api-shapes.server";
import type { SnippetSegment } from "./snippet";
import type { TimePeriod } from "./periods";

export const SEARCH_FIELDS = ["title", "author", "content", "poets"] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

export const SEARCH_SORTS = ["relevance", "date", "title", "author"] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

export type SortOrder = "asc" | "desc";

/**
 * Results are ranked and served up to this many per group; a count above it is reported as RESULT_CAP + 1,
 * which the page shows as '1000+'. Ranking never looks at more candidates than this, so a word found in
 * half the corpus costs no more than one found in a thousand poems.
 */
export const RESULT_CAP = 1000;

export interface SearchOptions {
  q: string;
  fields: readonly SearchField[];
  page: number;
  perPage: number;
  /** Also match similar spellings. Without it, fuzzy matching is used only for a group exact search left empty. */
  fuzzy: boolean;
  timePeriod?: TimePeriod;
  sortBy: SearchSort;
  /** Direction of a date, title or author sort (ascending by default); relevance is always best first. */
  order?: SortOrder;
  /** Leave the totals out (they are null in the answer); has_more_* flags are still exact. */
  skipCounts: boolean;
  /** Characters of context in content snippets (about 100 on the results page, 50 in the dropdown). */
  snippetChars: number;
}

export interface PoetHit {
  id: number;
  name: string;
  directory: string;
  directory_name: string;
  poem_count: number;
  birth_date: string | null;
  death_date: string | null;
}

export interface PoemHit {
  id: string;
  slug: string;
  title: string;
  author: string;
  author_directory: string;
  year: number | null;
  favorite_count: number;
  view_count: number;
}

export interface ContentHit {
  id: string;
  slug: string;
  title: string;
  author: string;
  author_directory: string;
  year: number | null;
  snippet: SnippetSegment[];
  snippet_text: string;
  /** The snippet again, under the name the client's content hits read. Never the whole poem. */
  content: string;
  line_number: number;
}

export interface SearchPagination {
  page: number;
  per_page: number;
  /** Exact up to RESULT_CAP; RESULT_CAP + 1 means "more than RESULT_CAP". null with skipCounts. */
  total_poets: number | null;
  total_poems: number | null;
  total_contents: number | null;
  has_more_poets: boolean;
  has_more_poems: boolean;
  has_more_contents: boolean;
}

export interface SearchResponse {
  poets: PoetHit[];
  poems: PoemHit[];
  contents: ContentHit[];
  pagination: SearchPagination;
  /** Which groups were answered by similar spellings rather than exact words. */
  fuzzy: { poets: boolean; poems: boolean; contents: boolean };
}

// The documented answer (app/server/api-shapes.server.ts, served in /api/openapi.json) and these types must
// describe the same JSON: tsc fails here when one changes without the other.
true satisfies SameShape<SearchResponse, z.infer<typeof SearchResponseSchema>>;
