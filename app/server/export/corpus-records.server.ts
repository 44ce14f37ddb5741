import matter from "gray-matter";
import type { BookPlaceRow, ExportCollectionRow, ExportPoemRow, ExportPoetRow } from "../models/export.server";

/**
 * Database rows back into the corpus records the importer reads (pipeline/records.ts, SOURCES.md), holding
 * exactly what the importer turns into the same rows again. Empty fields are left out, as in the corpus.
 */

function compact<T extends Record<string, unknown>>(record: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(record).filter(([, value]) => value !== null && value !== undefined),
  ) as Partial<T>;
}

/** The stored text with its front matter put back in front, where the importer takes it off again. */
export function contentWithFrontMatter(content: string, frontMatter: Record<string, unknown> | null): string {
  if (!frontMatter) return content;
  const keys = Object.keys(frontMatter);
  // Unparseable YAML was kept as { raw }: write it back as it was, so it is kept the same way again.
  if (keys.length === 1 && keys[0] === "raw" && typeof frontMatter.raw === "string") {
    return `---\n${frontMatter.raw}\n---\n${content}`;
  }
  return matter.stringify(`${content}\n`, frontMatter).replace(/\n$/, "");
}

export function poemRecord(poem: ExportPoemRow, place: BookPlaceRow | undefined) {
  return compact({
    id: poem.id,
    title: poem.title,
    author: poem.author,
    subtitle: poem.subtitle,
    year: poem.year,
    year_note: poem.year_note,
    collection: place?.collection,
    sequence: place?.sequence,
    section: place?.section,
    number: place?.number,
    translator: poem.translator,
    editor: poem.editor,
    note: poem.note,
    editorial_note: poem.editorial_note,
    flags: poem.flags.length > 0 ? poem.flags : undefined,
    source: poem.source,
    source_repo: poem.source_repo,
    source_path: poem.source_path,
    source_commit: poem.source_commit,
    content: contentWithFrontMatter(poem.content, poem.front_matter),
  });
}

export function poetRecord(poet: ExportPoetRow) {
  const meta = poet.meta_data ?? {};
  return compact({
    name: poet.name,
    birth_date: poet.birth_date,
    death_date: poet.death_date,
    dates_precision: poet.dates_precision,
    dates_as_printed: meta.dates_as_printed,
    wikipedia_url: meta.wikipedia_url,
    description: poet.description,
    description_license: poet.description ? meta.description_attribution : null,
    source: poet.source,
    note: meta.note,
    primary_image_url: poet.primary_image_url,
  });
}

/** The biographies.jsonl record of a poet, or null when the poet has no biography. */
export function biographyRecord(poet: ExportPoetRow) {
  if (!poet.biography) return null;
  const meta = poet.meta_data ?? {};
  return compact({
    name: poet.name,
    biography: poet.biography,
    biography_source: poet.biography_source,
    biography_license: poet.biography_license,
    source_repo: meta.biography_repository,
    source_path: meta.biography_path,
    source_commit: meta.biography_commit,
  });
}

export function collectionRecord(collection: ExportCollectionRow, poemIds: string[]) {
  return compact({
    title: collection.title,
    author: collection.author,
    // The importer links a book to a poet through a single entry here (and never an anthology).
    authors: collection.poet_name && !collection.anthology ? [collection.poet_name] : [],
    editor: collection.editor,
    year: collection.year,
    gutenberg_id: collection.gutenberg_id,
    source_repo: collection.source_repo,
    source_path: collection.source_path,
    source_commit: collection.source_commit,
    poem_count: poemIds.length,
    sections: collection.sections,
    note: collection.description,
    anthology: collection.anthology,
    rights: collection.rights,
    poem_ids: poemIds,
  });
}
