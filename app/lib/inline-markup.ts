import { createElement, Fragment, type ReactNode } from "react";

/**
 * The light inline markup of stored poem text: ***bold italic***, **bold**, *italic*, _underline_, ^sup^ and
 * ~sub~. A small tokenizer turns one line into a tree that renders as React elements, so stored text is
 * never injected as HTML. It is deliberately strict, because old texts are full of stray asterisks
 * (footnote marks like `harrowd* hell`, `[* Corrupt.]`, section breaks `* * *` or `*****`) that must stay
 * as printed:
 * - a marker opens only when followed by a non-space and closes only after a non-space;
 * - `*` and `_` markers do not open or close inside a word (`a*b*c`, `snake_case_name`, `27_th_` stay as
 *   written), while `^` and `~` may (`Sept^r^`, `H~2~O`);
 * - a run of the same character longer than a marker (`****`, `__`) is literal text;
 * - markers never span lines, and anything left unmatched stays literal.
 */

export type InlineKind = "strongEm" | "strong" | "em" | "underline" | "sup" | "sub";
export type InlineNode = string | { kind: InlineKind; children: InlineNode[] };

const MARKER_CHARS = new Set(["*", "_", "^", "~"]);
const WORD_CHAR = /[\p{L}\p{N}]/u;
const SPACE = /\s/u;

function kindOf(char: string, length: number): InlineKind | null {
  if (char === "*") return length === 3 ? "strongEm" : length === 2 ? "strong" : length === 1 ? "em" : null;
  if (length !== 1) return null;
  return char === "_" ? "underline" : char === "^" ? "sup" : char === "~" ? "sub" : null;
}

/** Flanking rules of `*` and `_`: they must not touch a letter or digit on their outer side. */
const wordBound = (char: string) => char === "*" || char === "_";

function runLength(text: string, at: number): number {
  let end = at;
  while (text[end] === text[at]) end++;
  return end - at;
}

function canOpen(text: string, at: number, run: number): boolean {
  const char = text[at]!;
  const next = text[at + run];
  if (next === undefined || SPACE.test(next)) return false;
  const before = text[at - 1];
  return !(wordBound(char) && before !== undefined && WORD_CHAR.test(before));
}

/** Whether the run at `at` (of `run` characters) can close a marker. */
function canClose(text: string, at: number, run: number): boolean {
  const char = text[at]!;
  const before = text[at - 1];
  if (before === undefined || SPACE.test(before)) return false;
  const after = text[at + run];
  return !(wordBound(char) && after !== undefined && WORD_CHAR.test(after));
}

/**
 * The first closing run for a marker of `length` characters after `from`: a run of exactly that length,
 * or a `***` run closing an inner and an outer marker at once (`*a **b***`), whose last characters close
 * this one. Returns where the content ends and where the text resumes.
 */
function findCloser(text: string, from: number, char: string, length: number): { end: number; next: number } | null {
  let at = from;
  while (at < text.length) {
    if (text[at] !== char) {
      at++;
      continue;
    }
    const run = runLength(text, at);
    const fits = run === length || (char === "*" && run === 3 && length < 3);
    if (fits && at > from && canClose(text, at, run)) {
      return { end: at + run - length, next: at + run };
    }
    at += run;
  }
  return null;
}

interface Match {
  node: InlineNode;
  next: number;
}

function tryMarker(text: string, at: number, run: number): Match | null {
  const char = text[at]!;
  const kind = kindOf(char, run);
  if (!kind) return null;
  const closer = findCloser(text, at + run, char, run);
  if (closer) {
    return { node: { kind, children: parse(text.slice(at + run, closer.end)) }, next: closer.next };
  }
  if (run !== 3) return null;
  // `***a** b*` or `***a* b**`: an italic and a bold opened together and closed apart. The one that closes
  // first is the inner one; the outer marker's content then starts with the inner's opening run.
  const em = findCloser(text, at + 3, "*", 1);
  const strong = findCloser(text, at + 3, "*", 2);
  const outer = em && (!strong || strong.next <= em.end) ? { kind: "em" as const, len: 1, closer: em } : null;
  const outerStrong = strong && (!em || em.next <= strong.end) ? { kind: "strong" as const, len: 2, closer: strong } : null;
  const chosen = outer ?? outerStrong;
  if (!chosen) return null;
  const inner = parse(text.slice(at + chosen.len, chosen.closer.end));
  // The inner marker must really have closed inside, or this reading is no better than literal text.
  if (inner.length === 0 || typeof inner[0] === "string") return null;
  return { node: { kind: chosen.kind, children: inner }, next: chosen.closer.next };
}

function parse(text: string): InlineNode[] {
  const nodes: InlineNode[] = [];
  let literal = "";
  let at = 0;
  while (at < text.length) {
    const char = text[at]!;
    if (!MARKER_CHARS.has(char)) {
      literal += char;
      at++;
      continue;
    }
    const run = runLength(text, at);
    const match = canOpen(text, at, run) ? tryMarker(text, at, run) : null;
    if (match) {
      if (literal) nodes.push(literal);
      literal = "";
      nodes.push(match.node);
      at = match.next;
    } else {
      literal += text.slice(at, at + run);
      at += run;
    }
  }
  if (literal) nodes.push(literal);
  return nodes;
}

/** One line of poem text as an inline tree. Markers never span lines: pass a single line. */
export function parseInlineMarkup(line: string): InlineNode[] {
  // Most lines have no markers at all.
  if (!/[*_^~]/.test(line)) return line ? [line] : [];
  return parse(line);
}

/** The words of a tree without its markers. */
export function inlineText(nodes: readonly InlineNode[]): string {
  return nodes.map((node) => (typeof node === "string" ? node : inlineText(node.children))).join("");
}

/** Text with the markers the renderer would apply removed, line by line; unmatched markers stay. */
export function stripMarkup(text: string): string {
  return text
    .split("\n")
    .map((line) => inlineText(parseInlineMarkup(line)))
    .join("\n");
}

const TAGS: Record<Exclude<InlineKind, "strongEm">, string> = {
  strong: "strong",
  em: "em",
  underline: "u",
  sup: "sup",
  sub: "sub",
};

function renderNodes(nodes: readonly InlineNode[]): ReactNode[] {
  return nodes.map((node, index) => {
    if (typeof node === "string") return node;
    const children = renderNodes(node.children);
    if (node.kind === "strongEm") return createElement("strong", { key: index }, createElement("em", null, ...children));
    return createElement(TAGS[node.kind], { key: index }, ...children);
  });
}

/** One line of poem text as React elements (text nodes are escaped by React). */
export function renderInlineMarkup(line: string): ReactNode {
  const nodes = parseInlineMarkup(line);
  if (nodes.length === 1 && typeof nodes[0] === "string") return nodes[0];
  return createElement(Fragment, null, ...renderNodes(nodes));
}
