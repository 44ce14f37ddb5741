import { type InlineNode, parseInlineMarkup } from "~/lib/inline-markup";
import { poemStanzas } from "~/lib/poem-lines";

/**
 * XHTML of an EPUB 3 following Standard Ebooks' poetry markup: each poem an <article epub:type="z3998:poem">,
 * each stanza a <p>, each line a <span> followed by <br/> (none after a stanza's last line), indented lines
 * marked i1, i2… and hanging indents done in CSS.
 */

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

const INLINE_TAGS = { strong: "strong", em: "em", underline: "u", sup: "sup", sub: "sub" } as const;

function inlineXhtml(nodes: readonly InlineNode[]): string {
  return nodes
    .map((node) => {
      if (typeof node === "string") return escapeXml(node);
      const inner = inlineXhtml(node.children);
      if (node.kind === "strongEm") return `<strong><em>${inner}</em></strong>`;
      const tag = INLINE_TAGS[node.kind];
      return `<${tag}>${inner}</${tag}>`;
    })
    .join("");
}

/** Gutenberg texts indent by two spaces a level; Standard Ebooks' classes go to i10 at most here. */
export function indentClass(columns: number): string | null {
  if (columns <= 0) return null;
  return `i${Math.min(10, Math.max(1, Math.round(columns / 2)))}`;
}

/** A poem's stanzas as SE verse paragraphs; a stanza of only `* * *` marks is a section break (<hr/>). */
export function verseXhtml(content: string): string {
  return poemStanzas(content)
    .map((stanza) => {
      if (stanza.every((line) => line.sectionBreak)) return "<hr/>";
      const lines = stanza.map((line) => {
        const cls = indentClass(line.indent);
        return `<span${cls ? ` class="${cls}"` : ""}>${inlineXhtml(parseInlineMarkup(line.text))}</span>`;
      });
      return `<p>\n${lines.join("\n<br/>\n")}\n</p>`;
    })
    .join("\n");
}

export interface EpubPoem {
  /** The XHTML id and file name stem, unique in the book. */
  key: string;
  title: string;
  subtitle: string | null;
  author: string;
  content: string;
  number: string | null;
}

const XHTML_HEAD = `<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE html>\n`;

export function xhtmlDocument(options: { title: string; bodyType: string; body: string; css?: boolean }): string {
  return (
    `${XHTML_HEAD}<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" epub:prefix="z3998: http://www.daisy.org/z3998/2012/vocab/structure/#" lang="en" xml:lang="en">\n` +
    `<head>\n<meta charset="utf-8"/>\n<title>${escapeXml(options.title)}</title>\n` +
    (options.css === false ? "" : `<link href="../css/poetry.css" rel="stylesheet" type="text/css"/>\n`) +
    `</head>\n<body epub:type="${options.bodyType}">\n${options.body}\n</body>\n</html>\n`
  );
}

/** One poem file; `showAuthor` for books by several poets (anthologies), where each poem names its poet. */
export function poemXhtml(poem: EpubPoem, showAuthor: boolean): string {
  const heading = [
    poem.number && poem.number !== poem.title ? `<p class="number">${escapeXml(poem.number)}</p>` : "",
    `<h2 epub:type="title">${escapeXml(poem.title)}</h2>`,
    poem.subtitle ? `<p epub:type="subtitle">${escapeXml(poem.subtitle)}</p>` : "",
    showAuthor ? `<p class="author"><b epub:type="z3998:author">${escapeXml(poem.author)}</b></p>` : "",
  ].filter(Boolean);
  const header = heading.length > 1 ? `<header>\n${heading.join("\n")}\n</header>` : heading[0];
  const body = `<article id="${poem.key}" epub:type="z3998:poem">\n${header}\n${verseXhtml(poem.content)}\n</article>`;
  return xhtmlDocument({ title: poem.title, bodyType: "bodymatter", body });
}

export const POETRY_CSS = `@charset "utf-8";
@namespace epub "http://www.idpf.org/2007/ops";

body{ font-family: serif; margin: 1em; }
h1, h2{ text-align: center; font-weight: normal; }
header{ margin-bottom: 1.5em; text-align: center; }
header p{ margin: 0.25em 0; text-indent: 0; }
p.number{ font-variant: small-caps; }
[epub|type~="subtitle"]{ font-style: italic; }
p.author{ font-variant: small-caps; }

/* Standard Ebooks verse: a stanza per paragraph, a line per span, hanging indents */
[epub|type~="z3998:poem"] p{ text-align: initial; text-indent: 0; margin: 0; }
[epub|type~="z3998:poem"] p + p, [epub|type~="z3998:poem"] hr + p{ margin-top: 1em; }
[epub|type~="z3998:poem"] p > span{ display: block; padding-left: 1em; text-indent: -1em; }
[epub|type~="z3998:poem"] p > span + br{ display: none; }
p span.i1{ padding-left: 2em; text-indent: -1em; }
p span.i2{ padding-left: 3em; text-indent: -1em; }
p span.i3{ padding-left: 4em; text-indent: -1em; }
p span.i4{ padding-left: 5em; text-indent: -1em; }
p span.i5{ padding-left: 6em; text-indent: -1em; }
p span.i6{ padding-left: 7em; text-indent: -1em; }
p span.i7{ padding-left: 8em; text-indent: -1em; }
p span.i8{ padding-left: 9em; text-indent: -1em; }
p span.i9{ padding-left: 10em; text-indent: -1em; }
p span.i10{ padding-left: 11em; text-indent: -1em; }
hr{ border: none; border-top: 1px solid; margin: 1.5em auto; width: 25%; }

/* Title page and notices */
[epub|type~="titlepage"]{ text-align: center; margin-top: 20%; }
[epub|type~="titlepage"] p{ text-indent: 0; }
[epub|type~="copyright-page"] p{ text-indent: 0; margin: 0.75em 0; }
pre{ white-space: pre-wrap; font-size: 0.8em; }
`;
