/**
 * The stored text of a poem as stanzas of numbered lines, the one model every renderer and export uses.
 * Client-safe (no YAML parser): a leading front-matter block is dropped by its fences alone.
 *
 * Numbering: lines are numbered 1, 2, 3… counting only non-blank lines, straight through the stanzas, so
 * `#L12` is the twelfth line a reader sees, whatever the blank lines between stanzas.
 */

export interface PoemLine {
  /** 1-based number among the non-blank lines. */
  n: number;
  /** The line as stored, leading whitespace included. */
  raw: string;
  /** The leading whitespace as stored. */
  lead: string;
  /** The rest of the line. */
  text: string;
  /** Leading indentation in columns (a tab counts 4). */
  indent: number;
  /** A line of only asterisks, such as `* * *` or `*****`: the printed mark of a section break. */
  sectionBreak: boolean;
}

export type Stanza = PoemLine[];

const FRONT_MATTER = /^---[ \t]*\r?\n[\s\S]*?\r?\n---[ \t]*(?:\r?\n|$)/;
const SECTION_BREAK = /^\s*\*(?:\s*\*){2,}\s*$/;

export function dropFrontMatter(content: string): string {
  return content.replace(FRONT_MATTER, "").replace(/^(\r?\n)+/, "");
}

function indentOf(lead: string): number {
  let columns = 0;
  for (const char of lead) columns += char === "\t" ? 4 : 1;
  return columns;
}

/** Stanzas split on blank lines, each line numbered; `maxLines` keeps only the first lines. */
export function poemStanzas(content: string, maxLines = Number.POSITIVE_INFINITY): Stanza[] {
  const stanzas: Stanza[] = [];
  let current: Stanza = [];
  let n = 0;
  for (const raw of dropFrontMatter(content).replace(/\r\n?/g, "\n").split("\n")) {
    if (raw.trim() === "") {
      if (current.length) stanzas.push(current);
      current = [];
      continue;
    }
    if (n >= maxLines) break;
    n++;
    const lead = /^\s*/.exec(raw)![0];
    current.push({ n, raw, lead, text: raw.slice(lead.length), indent: indentOf(lead), sectionBreak: SECTION_BREAK.test(raw) });
  }
  if (current.length) stanzas.push(current);
  return stanzas;
}

/** Whether the text goes on past its first `maxLines` non-blank lines. */
export function hasMoreLines(content: string, maxLines: number): boolean {
  let n = 0;
  for (const line of dropFrontMatter(content).split("\n")) if (line.trim() !== "" && ++n > maxLines) return true;
  return false;
}
