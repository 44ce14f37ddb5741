/** Biography preview length on the poet page (spec section 9). */
export const BIOGRAPHY_PREVIEW_LENGTH = 300;
/** Meta description length taken from a biography (spec section 9). */
export const META_DESCRIPTION_LENGTH = 155;

const ELLIPSIS = "…";

/**
 * `text` cut to at most `limit` characters, ellipsis included, at a word boundary so no word is split.
 * Text that already fits is returned untouched. Punctuation left dangling at the cut is dropped before the
 * ellipsis. A single word longer than the limit is cut mid-word rather than dropped.
 */
export function truncateAtWord(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const room = text.slice(0, Math.max(0, limit - ELLIPSIS.length) + 1);
  // The character just past the room tells whether the room ends exactly at a word's end.
  const lastBreak = room.search(/\s\S*$/);
  const cut = lastBreak > 0 ? room.slice(0, lastBreak) : room.slice(0, -1);
  const kept = cut.replace(/[\s,;:.!?—–-]+$/u, "");
  return `${kept || cut}${ELLIPSIS}`;
}

/** A one-line description for metadata: whitespace collapsed, cut at a word to 155 characters. */
export function metaDescription(text: string, limit = META_DESCRIPTION_LENGTH): string {
  return truncateAtWord(text.replace(/\s+/g, " ").trim(), limit);
}
