import matter from "gray-matter";

/**
 * Poem text helpers shared by the importer and the pages. Text is normalised once at import (NFC, LF line
 * breaks, no trailing spaces, no blank lines at either end) with leading indentation kept exactly.
 */

const FRONT_MATTER = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

export interface SplitText {
  frontMatter: Record<string, unknown> | null;
  body: string;
}

/**
 * Separates a leading metadata block between two lines of exactly `---`. A line such as `----Tanto major`
 * is poem text, not a fence. Unparseable YAML is kept as raw text so nothing is lost.
 */
export function splitFrontMatter(text: string): SplitText {
  const match = FRONT_MATTER.exec(text);
  if (!match) return { frontMatter: null, body: text };
  const body = text.slice(match[0].length).replace(/^(\r?\n)+/, "");
  try {
    const data = matter(match[0]).data as Record<string, unknown>;
    return { frontMatter: toPlainJson(data), body };
  } catch {
    return { frontMatter: { raw: match[1] }, body };
  }
}

export function stripFrontMatter(text: string): string {
  return splitFrontMatter(text).body;
}

/** gray-matter turns YAML dates into Date objects; keep JSON-safe values so jsonb round-trips exactly. */
function toPlainJson(data: Record<string, unknown>): Record<string, unknown> {
  return JSON.parse(JSON.stringify(data)) as Record<string, unknown>;
}

export function normalizeText(text: string): string {
  const lines = text.normalize("NFC").split(/\r\n?|\n/);
  const trimmed = lines.map((line) => line.trimEnd());
  let start = 0;
  let end = trimmed.length;
  while (start < end && trimmed[start] === "") start++;
  while (end > start && trimmed[end - 1] === "") end--;
  return trimmed.slice(start, end).join("\n");
}

export function countLines(body: string): number {
  return body.split("\n").filter((line) => line.trim() !== "").length;
}

/** URL-safe, lower-case ASCII slug: diacritics folded, apostrophes dropped, other runs become one dash. */
export function slugify(text: string, maxLength = 80): string {
  const slug = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[æÆ]/g, "ae")
    .replace(/[œŒ]/g, "oe")
    .replace(/ß/g, "ss")
    .toLowerCase()
    .replace(/['’‘`]/g, "")
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return slug.slice(0, maxLength).replace(/-+$/, "");
}
