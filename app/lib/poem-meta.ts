import type { MetaDescriptor } from "react-router";
import { stripMarkup } from "./inline-markup";
import { dropFrontMatter } from "./poem-lines";

/**
 * What a poem page tells search engines and link previews: the description, Open Graph and Twitter tags and
 * schema.org structured data, all built from the stored text with its markup removed.
 */

export const DESCRIPTION_LENGTH = 160;
export const SHARE_EXCERPT_LENGTH = 160;
export const STRUCTURED_TEXT_LENGTH = 500;

export interface MetaPoem {
  id: string;
  slug: string;
  title: string;
  author: string;
  author_directory: string | null;
  year: number | null;
  content: string;
  collections?: readonly { title: string; year: number | null }[];
}

/** The poem's words as plain text: no front matter, no markers, line breaks kept. */
export function plainPoemText(content: string): string {
  return stripMarkup(dropFrontMatter(content));
}

/**
 * At most `max` characters of `text` on one line, cut at a word boundary when one is near and ended with an
 * ellipsis (counted in `max`) when anything was left out.
 */
export function excerpt(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const room = flat.slice(0, max); // one character is given back to the ellipsis below
  const space = room.lastIndexOf(" ");
  const cut = space > max * 0.6 ? room.slice(0, space) : room.slice(0, max - 1);
  return `${cut.replace(/[\s,;:.!?—–-]+$/, "")}…`;
}

export function poemDescription(content: string): string {
  return excerpt(plainPoemText(content), DESCRIPTION_LENGTH);
}

export function shareTitle(poem: Pick<MetaPoem, "title" | "author">): string {
  return `${poem.title} — ${poem.author}`;
}

export function shareText(content: string): string {
  return excerpt(plainPoemText(content), SHARE_EXCERPT_LENGTH);
}

/** The first `max` characters of the plain text, line breaks kept, with an ellipsis when cut. */
function structuredText(content: string, max: number): string {
  const text = plainPoemText(content).trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const code = cut.charCodeAt(cut.length - 1);
  return `${code >= 0xd800 && code <= 0xdbff ? cut.slice(0, -1) : cut}…`;
}

/** schema.org has no Poem type: a poem is a CreativeWork whose genre is poetry. */
export function poemJsonLd(poem: MetaPoem, urls: { canonical: string; author: string | null }, siteName: string) {
  const book = poem.collections?.[0];
  return {
    "@context": "https://schema.org",
    "@type": "CreativeWork",
    genre: "Poetry",
    name: poem.title,
    headline: poem.title,
    url: urls.canonical,
    inLanguage: "en",
    author: { "@type": "Person", name: poem.author, ...(urls.author ? { url: urls.author } : {}) },
    ...(poem.year != null ? { datePublished: String(poem.year) } : {}),
    ...(book ? { isPartOf: { "@type": "Book", name: book.title, ...(book.year != null ? { datePublished: String(book.year) } : {}) } } : {}),
    text: structuredText(poem.content, STRUCTURED_TEXT_LENGTH),
    isAccessibleForFree: true,
    copyrightNotice: "Public domain",
    publisher: { "@type": "Organization", name: siteName },
  };
}

/**
 * JSON for an inline `<script type="application/ld+json">`. The script's text is raw HTML text, so `<` (a
 * `</script>` in a poem), `>` and `&` are written as JSON escapes, as are the two line separators that
 * old JavaScript parsers reject.
 */
export function jsonLdHtml(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** The page title, description, canonical link, Open Graph article tags and Twitter card of a poem. */
export function poemMetaTags(poem: MetaPoem, { canonical, siteName }: { canonical: string; siteName: string }): MetaDescriptor[] {
  const description = poemDescription(poem.content);
  const heading = `${poem.title} by ${poem.author}`;
  return [
    { title: `${heading} | ${siteName}` },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: canonical },
    { property: "og:type", content: "article" },
    { property: "og:title", content: heading },
    { property: "og:description", content: description },
    { property: "og:url", content: canonical },
    { property: "og:site_name", content: siteName },
    { property: "article:author", content: poem.author },
    ...(poem.year != null ? [{ property: "article:published_time", content: String(poem.year) }] : []),
    { property: "article:section", content: "Poetry" },
    { name: "twitter:card", content: "summary" },
    { name: "twitter:title", content: heading },
    { name: "twitter:description", content: description },
  ];
}
