import type { z } from "zod";
import type {
  CollectionDetailSchema,
  CollectionPoemItemSchema,
  CollectionSchema,
  PageSchema,
  PoemCollectionRefSchema,
  PoemDetailSchema,
  PoemListItemSchema,
  PoetSchema,
} from "./api-shapes.server";
import type { PoetMetaData, RightsStatus } from "./db/schema";

/**
 * Database rows -> the public API shapes. The /api routes and the pages render these same shapes, so a field
 * renamed here is renamed everywhere at once.
 */

export const EXCERPT_LENGTH = 160;

/** Characters of content the list queries fetch: enough for an excerpt once markers and blank lines go. */
export const EXCERPT_SOURCE_LENGTH = 400;

// Paired inline markers, longest first so ***x*** is not read as *(**x**)*.
const PAIRED_MARKERS = [
  /\*\*\*(?=\S)([^*\n]*?\S)\*\*\*/g,
  /\*\*(?=\S)([^*\n]*?\S)\*\*/g,
  /\*(?=\S)([^*\n]*?\S)\*/g,
  /(?<![\p{L}\p{N}])_(?=\S)([^_\n]*?\S)_(?![\p{L}\p{N}])/gu,
  /\^(?=\S)([^^\n]*?\S)\^/g,
  /~(?=\S)([^~\n]*?\S)~/g,
];
// A marker whose partner was cut off (the excerpt source is truncated) still must not show.
const DANGLING_MARKERS =
  /\*{1,3}(?=[\p{L}\p{N}])|(?<=[\p{L}\p{N}.,;:!?'"’”])\*{1,3}|(?<![\p{L}\p{N}])_(?=[\p{L}\p{N}])|(?<=[\p{L}\p{N}.,;:!?])_(?![\p{L}\p{N}])/gu;

const ANY_MARKER = /[*_^~]/;

/** Removes the inline emphasis markers (***, **, *, _, ^, ~) and keeps the words they wrap. */
export function stripInlineMarkers(text: string): string {
  // Most poems have no markers at all; lists call this for every row.
  if (!ANY_MARKER.test(text)) return text;
  let result = text;
  for (const marker of PAIRED_MARKERS) result = result.replace(marker, "$1");
  return result.replace(DANGLING_MARKERS, "");
}

/**
 * A one-line plain-text preview: markers stripped, lines joined, cut at a word near `length` characters and
 * ended with an ellipsis when anything is left out. `continues` says `content` is itself only the start.
 */
export function excerptOf(content: string, length = EXCERPT_LENGTH, continues = false): string {
  // Only the start can show; the margin leaves room for the markers and spaces that are removed.
  const start = content.slice(0, length * 3).replace(/\s+/g, " ");
  const kept = start.slice(0, length + 100);
  const plain = stripInlineMarkers(kept).trim();
  const complete = !continues && content.length <= length * 3 && kept.length === start.length;
  if (plain.length <= length && complete) return plain;
  const cut = plain.slice(0, length);
  const lastSpace = cut.lastIndexOf(" ");
  const atWord = lastSpace > length * 0.6 ? cut.slice(0, lastSpace) : cut;
  return `${atWord.replace(/[\s,;:.!?—–-]+$/, "")}…`;
}

// Rows as the model queries select them (jsonb columns arrive parsed).

export interface PoemListRow {
  id: string;
  slug: string;
  title: string;
  author: string;
  author_directory: string;
  year: number | null;
  favorite_count: number;
  view_count: number;
  line_count: number;
  /** The start of the content (EXCERPT_SOURCE_LENGTH characters), or all of it. */
  content_start: string;
  /** Whether the content goes on past content_start. */
  content_continues: boolean;
}

export interface PoemDetailRow {
  id: string;
  slug: string;
  title: string;
  subtitle: string | null;
  author: string;
  author_directory: string;
  year: number | null;
  content: string;
  front_matter: Record<string, unknown> | null;
  line_count: number;
  favorite_count: number;
  view_count: number;
  translator: string | null;
  editor: string | null;
  note: string | null;
  editorial_note: string | null;
  rights: RightsStatus;
  flags: string[] | null;
  source: string | null;
  source_repo: string | null;
  source_path: string | null;
  source_commit: string | null;
}

export interface PoemCollectionRow {
  id: string;
  title: string;
  year: number | null;
  sequence: number;
  section: string | null;
}

export interface CollectionPoemRow extends PoemListRow {
  sequence: number;
  section: string | null;
  number: string | null;
}

export interface PoetRow {
  id: number;
  name: string;
  directory: string;
  poem_count: number;
  birth_date: string | null;
  death_date: string | null;
  description: string | null;
  biography: string | null;
  biography_source: string | null;
  biography_license: string | null;
  primary_image_url: string | null;
  meta_data: PoetMetaData | null;
}

export interface CollectionRow {
  id: string;
  title: string;
  year: number | null;
  author: string;
  poet_directory: string | null;
  editor: string | null;
  description: string | null;
  rights: RightsStatus;
  anthology: boolean;
  poem_count: number;
}

export interface CollectionDetailRow extends CollectionRow {
  sections: string[] | null;
  gutenberg_id: number | null;
  source_repo: string | null;
  source_path: string | null;
  source_commit: string | null;
}

// API shapes: inferred from their zod schemas (api-shapes.server.ts), which also document them.

export type PoemListItem = z.infer<typeof PoemListItemSchema>;
export type PoemCollectionRef = z.infer<typeof PoemCollectionRefSchema>;
export type PoemDetail = z.infer<typeof PoemDetailSchema>;
export type CollectionPoemItem = z.infer<typeof CollectionPoemItemSchema>;
export type PoetApi = z.infer<typeof PoetSchema>;
export type CollectionApi = z.infer<typeof CollectionSchema>;
export type CollectionDetail = z.infer<typeof CollectionDetailSchema>;

/** Largest page size any list accepts. */
export const MAX_PER_PAGE = 100;
/** Deep enough for every poem at one per page; keeps offsets (page - 1) * per_page small and exact. */
export const MAX_PAGE = 1_000_000;

export type Page = z.infer<typeof PageSchema>;

export function pageInfo(total: number, page: number, perPage: number): Page {
  return { total, total_pages: Math.ceil(total / perPage), page, per_page: perPage };
}

export function toPoemListItem(row: PoemListRow): PoemListItem {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    author: row.author,
    author_directory: row.author_directory,
    year: row.year,
    favorite_count: row.favorite_count,
    view_count: row.view_count,
    line_count: row.line_count,
    excerpt: excerptOf(row.content_start, EXCERPT_LENGTH, row.content_continues),
  };
}

export function toPoemDetail(row: PoemDetailRow, collections: PoemCollectionRow[]): PoemDetail {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    subtitle: row.subtitle,
    author: row.author,
    author_directory: row.author_directory,
    year: row.year,
    content: row.content,
    front_matter: row.front_matter,
    line_count: row.line_count,
    favorite_count: row.favorite_count,
    view_count: row.view_count,
    translator: row.translator,
    editor: row.editor,
    note: row.note,
    editorial_note: row.editorial_note,
    rights: row.rights,
    flags: row.flags ?? [],
    source: {
      edition: row.source,
      repository: row.source_repo,
      path: row.source_path,
      commit: row.source_commit,
    },
    collections: collections.map((c) => ({
      id: c.id,
      title: c.title,
      year: c.year,
      sequence_number: c.sequence,
      section: c.section,
    })),
  };
}

export function toCollectionPoemItem(row: CollectionPoemRow): CollectionPoemItem {
  return { ...toPoemListItem(row), sequence_number: row.sequence, section: row.section, number: row.number };
}

export function toPoet(row: PoetRow): PoetApi {
  const meta = row.meta_data ?? {};
  return {
    id: row.id,
    name: row.name,
    directory: row.directory,
    directory_name: row.directory,
    poem_count: row.poem_count,
    birth_date: row.birth_date,
    death_date: row.death_date,
    description: row.description,
    biography: row.biography,
    biography_source: row.biography_source,
    biography_license: row.biography_license,
    primary_image_url: row.primary_image_url,
    meta_data: { ...meta, wikipedia_url: meta.wikipedia_url ?? null },
  };
}

export function toCollection(row: CollectionRow): CollectionApi {
  return {
    id: row.id,
    title: row.title,
    year: row.year,
    poet: row.author,
    poet_directory: row.poet_directory,
    editor: row.editor,
    description: row.description,
    rights: row.rights,
    anthology: row.anthology,
    poem_count: row.poem_count,
  };
}

export function toCollectionDetail(row: CollectionDetailRow): CollectionDetail {
  return {
    ...toCollection(row),
    sections: row.sections ?? [],
    source: {
      repository: row.source_repo,
      path: row.source_path,
      commit: row.source_commit,
      gutenberg_id: row.gutenberg_id,
    },
  };
}
