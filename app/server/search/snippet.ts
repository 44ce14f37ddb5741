import { stripInlineMarkers } from "../serialize.server";
import { foldWord } from "./query-text";

/**
 * Content-hit snippets: the lines around the best match, inline markers stripped, as plain segments the page
 * renders itself (a matched word becomes a <mark> there), so no HTML ever travels in a search answer.
 *
 * Which words count as matched is decided by PostgreSQL's own stemmer, not guessed here: `snippetCandidates`
 * lists the words of a text that could match (they share their first letters with a query word), the caller
 * asks the database which of them do, and `buildSnippet` marks those.
 */

export interface SnippetSegment {
  text: string;
  match: boolean;
}

export interface Snippet {
  snippet: SnippetSegment[];
  /** The same text without marks. Lines are separated by "\n"; "…" shows where text was cut. */
  snippet_text: string;
  /** 1-based line of the content holding the match (or the first line when nothing could be marked). */
  line_number: number;
}

/** Lines of context kept on each side of the matched line. */
export const CONTEXT_LINES = 2;
/** Characters of context around the match: the results page, and the home dropdown. */
export const SNIPPET_CHARS = 100;
export const DROPDOWN_SNIPPET_CHARS = 50;
/** Share of the context budget spent before the match; reading runs forward, so more comes after. */
const BEFORE_SHARE = 0.4;
/** The candidate words asked about per poem; plenty for a page of snippets, bounded for 280 KB poems. */
const MAX_CANDIDATES = 300;

const WORD = /[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu;
/**
 * Stems keep the start of a word, so a word can only share a lexeme with a query word starting alike: the
 * first 3 letters of a long query word, 2 of a short one ('die' / 'dying', 'sky' / 'skies').
 */
function stemStart(word: string): string {
  return word.slice(0, word.length >= 5 ? 3 : 2);
}

/**
 * PostgreSQL's English stop words (tsearch_data/english.stop), which the stemmer drops: a query word among
 * them can match nothing, and its first letters ('th', 'wh') would make half a poem's words candidates.
 */
const STOP_WORDS = new Set(
  (
    "i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers " +
    "herself it its itself they them their theirs themselves what which who whom this that these those am is " +
    "are was were be been being have has had having do does did doing a an the and but if or because as until " +
    "while of at by for with about against between into through during before after above below to from up " +
    "down in out on off over under again further then once here there when where why how all any both each " +
    "few more most other some such no nor not only own same so than too very s t can will just don should now"
  ).split(" "),
);

interface Hit {
  start: number;
  end: number;
  /** The folded word. */
  word: string;
}

// Beyond ASCII, less the no-break space and the General Punctuation block (curly quotes, dashes, ellipses),
// which hold no letters and fill many poems. Without the `u` flag the scan is several times faster; an astral
// character is then met as its first surrogate and read whole below.
const NON_ASCII = /[^\x00-\x7f\u00a0\u2000-\u206f]/g;
const LETTER = /[\p{L}\p{N}\p{M}]/u;

/**
 * Whether the text holds letters beyond ASCII (not mere curly quotes or dashes): only then is folding letter by
 * letter needed. Only the characters beyond ASCII are looked at, which is much faster on long poems than a
 * Unicode-aware expression tried at every position.
 */
export function hasForeignLetter(text: string): boolean {
  NON_ASCII.lastIndex = 0;
  for (let m = NON_ASCII.exec(text); m !== null; m = NON_ASCII.exec(text)) {
    if (LETTER.test(String.fromCodePoint(text.codePointAt(m.index)!))) return true;
  }
  return false;
}

const WORD_CHAR = /[\p{L}\p{N}\p{M}]/u;
const FIRST_WORD = /[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/u;
const ASCII_ONLY = /^[\x00-\x7f]*$/;

function isWordCodePoint(cp: number): boolean {
  if (cp < 0x80) return (cp >= 0x30 && cp <= 0x39) || (cp >= 0x41 && cp <= 0x5a) || (cp >= 0x61 && cp <= 0x7a);
  return WORD_CHAR.test(String.fromCodePoint(cp));
}

/** The code point that ends just before `i`, and where it starts. */
function codePointBefore(text: string, i: number): [number, number] {
  const low = text.charCodeAt(i - 1);
  if (low >= 0xdc00 && low <= 0xdfff && i >= 2) {
    const high = text.charCodeAt(i - 2);
    if (high >= 0xd800 && high <= 0xdbff) return [text.codePointAt(i - 2)!, i - 2];
  }
  return [low, i - 1];
}

interface Word {
  start: number;
  end: number;
  word: string;
}

/**
 * The words of `text` (as WORD finds them) that hold a character beyond ASCII, found from those characters
 * outward: a long English poem with a few accented names costs one quick scan, not a Unicode-aware
 * expression tried at every one of its words.
 */
export function foreignWords(text: string): Word[] {
  const found: Word[] = [];
  const scan = new RegExp(NON_ASCII.source, "g");
  for (let m = scan.exec(text); m !== null; m = scan.exec(text)) {
    if (!isWordCodePoint(text.codePointAt(m.index)!)) continue;
    // The whole run of letters, digits and marks around it; the word is that run less any leading marks.
    let start = m.index;
    for (let [cp, at] = codePointBefore(text, start); start > 0 && isWordCodePoint(cp); [cp, at] = codePointBefore(text, start)) {
      start = at;
    }
    let end = m.index;
    for (let cp = text.codePointAt(end); cp !== undefined && isWordCodePoint(cp); cp = text.codePointAt(end)) {
      end += cp > 0xffff ? 2 : 1;
    }
    scan.lastIndex = end;
    const word = FIRST_WORD.exec(text.slice(start, end));
    if (word && !ASCII_ONLY.test(word[0])) {
      found.push({ start: start + word.index, end: start + word.index + word[0].length, word: word[0] });
    }
  }
  return found;
}

/** Whether the ASCII letters at [start, end) are only part of a word that goes on beyond ASCII. */
function inForeignWord(text: string, start: number, end: number): boolean {
  return (start > 0 && isWordCodePoint(codePointBefore(text, start)[0])) || (end < text.length && isWordCodePoint(text.codePointAt(end)!));
}

/** The folded words of `content` that might match one of the folded query words. */
export function snippetCandidates(content: string, queryWords: readonly string[]): string[] {
  const starts = [...new Set(queryWords.filter((w) => !STOP_WORDS.has(w)).map(stemStart))].filter(Boolean);
  if (starts.length === 0) return [];
  const text = content;
  const alternatives = starts.map((start) => start.replace(/[^\p{L}\p{N}]/gu, "")).join("|");
  const found = new Set<string>();
  const add = (word: string) => found.size < MAX_CANDIDATES && found.add(word);
  const foreign = hasForeignLetter(text);
  const lower = text.toLowerCase();
  if (lower.length === text.length) {
    // ASCII words by the fast expression (positions kept by lower-casing), the few others folded one by one.
    const pattern = new RegExp(`(?<![a-z0-9])(?:${alternatives})[a-z0-9]*`, "g");
    for (const m of lower.matchAll(pattern)) {
      if (!foreign || !inForeignWord(text, m.index, m.index + m[0].length)) add(m[0]);
    }
    if (foreign) {
      for (const { word } of foreignWords(text)) {
        const folded = foldWord(word);
        if (starts.some((start) => folded.startsWith(start))) add(folded);
      }
    }
    return [...found];
  }
  // Lower-casing moved positions ('İ'): fold the whole text instead.
  const folded = foldWord(text);
  for (const [word] of folded.matchAll(new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives})[\\p{L}\\p{N}]*`, "gu"))) add(word);
  return [...found];
}

const patterns = new Map<string, RegExp>();

/**
 * One compiled expression per source: a page of snippets looks for the same words in every text and line.
 * (matchAll works on a copy, so sharing a global expression is safe.)
 */
function cachedPattern(source: string, flags: string): RegExp {
  const key = `${flags}/${source}`;
  let pattern = patterns.get(key);
  if (!pattern) {
    if (patterns.size >= 256) patterns.clear();
    pattern = new RegExp(source, flags);
    patterns.set(key, pattern);
  }
  return pattern;
}

/**
 * Where the matched words occur in `text`. One regular expression finds the plain spellings in the
 * lower-cased text; words holding other letters ('Brontë') are folded one by one.
 */
function findHits(text: string, matched: ReadonlySet<string>): Hit[] {
  if (matched.size === 0) return [];
  const hits: Hit[] = [];
  const lower = text.toLowerCase();
  const foreign = hasForeignLetter(text);
  // Lower-casing keeps positions unless the text holds one of the few letters that grow ('İ').
  const aligned = lower.length === text.length;
  const plain = [...matched].filter((w) => /^[a-z0-9]+$/.test(w));
  const byPattern = aligned && plain.length > 0;
  if (byPattern) {
    // Without other letters, ASCII word boundaries are the right ones, and much faster ('_' is not a letter).
    const pattern = foreign
      ? cachedPattern(`(?<![\\p{L}\\p{N}\\p{M}])(?:${plain.join("|")})(?![\\p{L}\\p{N}\\p{M}])`, "gu")
      : cachedPattern(`(?<![a-z0-9])(?:${plain.join("|")})(?![a-z0-9])`, "g");
    for (const m of lower.matchAll(pattern)) hits.push({ start: m.index, end: m.index + m[0].length, word: m[0] });
  }
  if (!aligned || foreign) {
    // The pattern found the ASCII words; otherwise every word is folded and looked up.
    const words: Word[] = byPattern
      ? foreignWords(text)
      : [...text.matchAll(WORD)].map((m) => ({ start: m.index, end: m.index + m[0].length, word: m[0] }));
    for (const { start, end, word } of words) {
      const folded = foldWord(word);
      if (matched.has(folded)) hits.push({ start, end, word: folded });
    }
    hits.sort((x, y) => x.start - y.start);
  }
  return hits;
}

/**
 * The lines of a text, read only where needed: a 280 KB poem has thousands of lines, and a snippet looks at
 * the few around its matches. Line `i` runs from `starts[i]` to the next "\n".
 */
class Lines {
  private readonly starts: number[] = [0];

  constructor(private readonly content: string) {
    for (let nl = content.indexOf("\n"); nl >= 0; nl = content.indexOf("\n", nl + 1)) this.starts.push(nl + 1);
  }

  get count(): number {
    return this.starts.length;
  }

  start(i: number): number {
    return this.starts[i];
  }

  text(i: number): string {
    const end = i + 1 < this.starts.length ? this.starts[i + 1] - 1 : this.content.length;
    return this.content.slice(this.starts[i], end);
  }

  private blank(i: number): boolean {
    return !/\S/.test(this.text(i));
  }

  /** The nearest non-blank line before `i` (step -1) or after it (step 1), or null. */
  nonBlank(i: number, step: 1 | -1): number | null {
    for (let j = i + step; j >= 0 && j < this.starts.length; j += step) if (!this.blank(j)) return j;
    return null;
  }
}

/**
 * The line holding the most different matched words with its non-blank neighbours; the first wins ties. Only
 * the lines with hits are looked at, so a long text costs no more than its matches.
 */
function bestLine(lines: Lines, hits: Hit[]): number | null {
  const words = new Map<number, Set<string>>();
  let at = 0;
  for (const hit of hits) {
    while (at + 1 < lines.count && lines.start(at + 1) <= hit.start) at++;
    let set = words.get(at);
    if (!set) words.set(at, (set = new Set()));
    set.add(hit.word);
  }
  let best: number | null = null;
  let bestScore = 0;
  // Map keys keep their insertion order: ascending lines.
  for (const [line, own] of words) {
    const near = new Set(own);
    for (const neighbour of [lines.nonBlank(line, -1), lines.nonBlank(line, 1)]) {
      for (const word of (neighbour === null ? undefined : words.get(neighbour)) ?? []) near.add(word);
    }
    if (near.size > bestScore) {
      bestScore = near.size;
      best = line;
    }
  }
  return best;
}

/** Up to `count` non-blank lines before (step -1) or after (step 1) line `at`, in reading order. */
function neighbours(lines: Lines, at: number, step: 1 | -1, count: number): number[] {
  const found: number[] = [];
  for (let i = lines.nonBlank(at, step); i !== null && found.length < count; i = lines.nonBlank(i, step)) found.push(i);
  return step === 1 ? found : found.reverse();
}

/** The last `budget` characters of `text`, starting at a word; "…" marks the cut. */
function keepEnd(text: string, budget: number): string {
  if (text.length <= budget) return text;
  const tail = text.slice(text.length - budget);
  const space = tail.search(/\s/);
  const atWord = space >= 0 && space < tail.length - 1 ? tail.slice(space + 1) : tail;
  return `…${atWord.replace(/^\s+/, "")}`;
}

/** The first `budget` characters of `text`, ending at a word; "…" marks the cut. */
function keepStart(text: string, budget: number): string {
  if (text.length <= budget) return text;
  const head = text.slice(0, budget + 1);
  const space = head.search(/\s\S*$/);
  const atWord = space > 0 ? head.slice(0, space) : head.slice(0, budget);
  return `${atWord.replace(/[\s,;:—–-]+$/, "")}…`;
}

function segmentsOf(text: string, matched: ReadonlySet<string>): SnippetSegment[] {
  const segments: SnippetSegment[] = [];
  let at = 0;
  for (const hit of findHits(text, matched)) {
    if (hit.start > at) segments.push({ text: text.slice(at, hit.start), match: false });
    segments.push({ text: text.slice(hit.start, hit.end), match: true });
    at = hit.end;
  }
  if (at < text.length) segments.push({ text: text.slice(at), match: false });
  return segments;
}

/**
 * The snippet of `content` around its best match: at most CONTEXT_LINES lines either side of the matched
 * line, about `chars` characters of context in all (more after the match than before), cut at words.
 */
export function buildSnippet(content: string, matched: ReadonlySet<string>, chars = SNIPPET_CHARS): Snippet {
  const lines = new Lines(content);
  const opening = lines.nonBlank(-1, 1);
  if (opening === null) return { snippet: [], snippet_text: "", line_number: 1 };
  const found = bestLine(lines, findHits(content, matched));
  const at = found ?? opening;
  const plain = (i: number) => stripInlineMarkers(lines.text(i)).trim();
  const line = plain(at);
  // Found again in the line as displayed (markers stripped); without a match the snippet is the opening.
  const first = found === null ? undefined : findHits(line, matched)[0];
  const [start, end] = first ? [first.start, first.end] : [0, 0];
  const beforeLines = neighbours(lines, at, -1, CONTEXT_LINES).map(plain);
  const afterLines = neighbours(lines, at, 1, CONTEXT_LINES).map(plain);
  const beforeBudget = first ? Math.round(chars * BEFORE_SHARE) : 0;
  const before = keepEnd([...beforeLines, line.slice(0, start)].join("\n"), beforeBudget);
  const after = keepStart([line.slice(end), ...afterLines].join("\n"), chars - beforeBudget);
  const text = `${before}${line.slice(start, end)}${after}`;
  return { snippet: segmentsOf(text, matched), snippet_text: text, line_number: at + 1 };
}
