import { stripMarkup } from "~/lib/inline-markup";
import { poemStanzas } from "~/lib/poem-lines";
import { stripFrontMatter } from "~/lib/poem-text";

/**
 * What `poetry audio` says for a poem, as espeak-ng SSML: the title and the poet first, then the text with a
 * short pause at each line end and a longer one between stanzas. Line ends are usually unpunctuated, so
 * without the breaks the engine would run the lines together.
 */

export const PAUSE_MS = { afterTitle: 700, afterPoet: 1500, line: 450, stanza: 1200 } as const;

export interface SpokenPoem {
  title: string;
  author: string;
  content: string;
}

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);
}

const pause = (ms: number) => `<break time="${ms}ms"/>`;

/** The poem's stanzas as plain spoken lines: no front matter, no markers, no section-break asterisks. */
export function spokenStanzas(content: string): string[][] {
  return poemStanzas(stripFrontMatter(content))
    .map((stanza) =>
      stanza
        .filter((line) => !line.sectionBreak)
        .map((line) => stripMarkup(line.text).replace(/\s+/g, " ").trim())
        .filter((line) => /[\p{L}\p{N}]/u.test(line)),
    )
    .filter((stanza) => stanza.length > 0);
}

export function speechSsml(poem: SpokenPoem): string {
  const parts = [`<speak>`, `${escapeXml(poem.title.trim())}${pause(PAUSE_MS.afterTitle)}`];
  parts.push(`by ${escapeXml(poem.author.trim())}${pause(PAUSE_MS.afterPoet)}`);
  const stanzas = spokenStanzas(poem.content);
  stanzas.forEach((stanza, s) => {
    stanza.forEach((line, l) => {
      const last = l === stanza.length - 1;
      const end = last ? (s === stanzas.length - 1 ? "" : pause(PAUSE_MS.stanza)) : pause(PAUSE_MS.line);
      parts.push(`${escapeXml(line)}${end}`);
    });
  });
  parts.push(`</speak>`);
  return `${parts.join("\n")}\n`;
}

/** Total silence the script asks for, in milliseconds (for duration checks). */
export function scriptedPauseMs(poem: SpokenPoem): number {
  return [...speechSsml(poem).matchAll(/<break time="(\d+)ms"\/>/g)].reduce((sum, m) => sum + Number(m[1]), 0);
}
