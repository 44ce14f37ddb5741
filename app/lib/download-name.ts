/**
 * File names for downloads, per the spec: the characters \ / : * ? " < > | become spaces and the name is
 * capped at 120 characters. Control characters go too (they are invalid on Windows and confuse shells), runs
 * of spaces collapse, and the cut never splits a surrogate pair, so an emoji or CJK title stays valid.
 */

export const MAX_FILE_NAME_LENGTH = 120;

const FORBIDDEN = /[\\/:*?"<>|]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
const CONTROL = /[\u0000-\u001f\u007f]/g;

/** Cleans a full file name (extension included) and caps it at `max` characters, keeping the extension. */
export function sanitizeFileName(name: string, max = MAX_FILE_NAME_LENGTH): string {
  const clean = name.normalize("NFC").replace(FORBIDDEN, " ").replace(CONTROL, " ").replace(/\s+/g, " ").trim();
  const dot = clean.lastIndexOf(".");
  const extension = dot >= 0 && clean.length - dot <= 8 ? clean.slice(dot) : "";
  const stem = extension ? clean.slice(0, dot) : clean;
  const room = Math.max(1, max - extension.length);
  const cut = cutAt(stem, room).trim().replace(/[ .]+$/, "");
  return `${cut || "poem"}${extension}`;
}

/** The first `length` UTF-16 units of `text`, one fewer when the last would split a surrogate pair. */
function cutAt(text: string, length: number): string {
  if (text.length <= length) return text;
  const code = text.charCodeAt(length - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? length - 1 : length);
}

/** '{title} - {author}.txt', sanitised. */
export function poemTextFileName(title: string, author: string): string {
  return sanitizeFileName(`${title} - ${author}.txt`);
}
