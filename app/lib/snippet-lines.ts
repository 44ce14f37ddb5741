/**
 * Content-hit snippets arrive as plain segments (`{text, match}`, lines separated by "\n"; see
 * app/server/search/snippet.ts). The screens render them as React elements — a matched word becomes a <mark> —
 * so no markup from the server is ever inserted as HTML. These helpers turn an answer into lines of segments.
 */

export interface SnippetPart {
  text: string;
  match: boolean;
}

/** Only well-formed segments are kept; anything else in an answer is dropped rather than trusted. */
function cleanSegments(segments: unknown): SnippetPart[] {
  if (!Array.isArray(segments)) return [];
  return segments
    .filter(
      (s): s is SnippetPart =>
        typeof s === "object" && s !== null && typeof (s as SnippetPart).text === "string",
    )
    .map((s) => ({ text: s.text, match: s.match === true }));
}

/**
 * The snippet split into its lines, each a list of segments (a segment spanning a line break is split, empty
 * pieces dropped). Without segments, the plain `fallback` text is used, unmarked.
 */
export function snippetLines(segments: unknown, fallback = ""): SnippetPart[][] {
  let parts = cleanSegments(segments);
  if (parts.length === 0 && fallback) parts = [{ text: fallback, match: false }];
  const lines: SnippetPart[][] = [[]];
  for (const part of parts) {
    part.text.split("\n").forEach((piece, i) => {
      if (i > 0) lines.push([]);
      if (piece) lines[lines.length - 1].push({ text: piece, match: part.match });
    });
  }
  // Leading/trailing blank lines carry nothing to read.
  while (lines.length > 1 && lines[0].length === 0) lines.shift();
  while (lines.length > 1 && lines[lines.length - 1].length === 0) lines.pop();
  return lines.length === 1 && lines[0].length === 0 ? [] : lines;
}

/** The snippet on one line (lines joined by " / "), for the compact dropdown. */
export function snippetOneLine(segments: unknown, fallback = ""): SnippetPart[] {
  const out: SnippetPart[] = [];
  snippetLines(segments, fallback).forEach((line, i) => {
    if (i > 0) out.push({ text: " / ", match: false });
    out.push(...line);
  });
  return out;
}
