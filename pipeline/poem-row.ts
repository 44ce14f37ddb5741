import { createHash } from "node:crypto";
import { countLines, normalizeText, slugify, splitFrontMatter } from "~/lib/poem-text";
import type { NewPoem } from "~/server/db/schema";
import type { CorpusPoem } from "./records";

/** A poem row ready to write, but for its poet's id, which the writer resolves from `author`. */
export type PoemDraft = Omit<NewPoem, "poet_id"> & { author: string };

export function sha1(text: string): string {
  return createHash("sha1").update(text).digest("hex");
}

/**
 * Hash of a flat record's values. The fields are joined into one string (a cheap rope in V8) and hashed in a
 * single update: one native call per record instead of one per field, with the same digest as feeding them
 * one by one, so hashes stored by earlier imports stay valid.
 */
export function hashFields(fields: Record<string, string | number | null>): string {
  let text = "";
  for (const key in fields) text += `\u0000${key}\u0001${fields[key] ?? "\u0002"}`;
  return createHash("sha1").update(text).digest("hex");
}

/** A stable 12-hex id for sources without one (Markdown, PoetryDB): the same author and title give the same id. */
export function derivePoemId(author: string, title: string): string {
  const fold = (s: string) => normalizeText(s).toLowerCase().replace(/\s+/g, " ");
  return sha1(`${fold(author)}\n${fold(title)}`).slice(0, 12);
}

export function poemSlug(title: string, id: string): string {
  const base = slugify(title, 80);
  return base ? `${base}-${id.slice(0, 6)}` : id;
}

export function buildPoemDraft(record: CorpusPoem): PoemDraft {
  const { frontMatter, body } = splitFrontMatter(record.content.replace(/^(?:[ \t]*\r?\n)+/, ""));
  const content = normalizeText(body);
  const fields = {
    id: record.id,
    slug: poemSlug(record.title, record.id),
    title: normalizeText(record.title),
    subtitle: record.subtitle ?? null,
    author: normalizeText(record.author),
    year: record.year ?? null,
    year_note: record.year_note ?? null,
    content,
    front_matter: frontMatter ? JSON.stringify(frontMatter) : null,
    line_count: countLines(content),
    translator: record.translator ?? null,
    editor: record.editor ?? null,
    note: record.note ?? null,
    editorial_note: record.editorial_note ?? null,
    source: record.source ?? null,
    source_repo: record.source_repo ?? null,
    source_path: record.source_path ?? null,
    source_commit: record.source_commit ?? null,
    flags: JSON.stringify(record.flags),
    rights: record.flags.includes("pd_us_only") ? ("pd_us_only" as const) : ("pd" as const),
  };
  return { ...fields, content_hash: hashFields(fields) };
}
