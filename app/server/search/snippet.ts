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

/** The folded words of `content` that might match one of the folded query words. */
export function snippetCandidates(content: string, queryWords: readonly string[]): string[] {
  const starts = [...new Set(queryWords.filter((w) => !STOP_WORDS.has(w)).map(stemStart))].filter(Boolean);
  if (starts.length === 0) return [];
  const text = content;
  const alternatives = starts.map((start) => start.replace(/[^\p{L}\p{N}]/gu, "")).join("|");
  // Plain English text (most poems) takes the much faster ASCII expression; other letters need folding.
  const plain = !hasForeignLetter(text);
  const folded = plain
    ? text.toLowerCase()
    : text
        .normalize("NFKD")
        .replace(/\p{M}+/gu, "")
        .replace(/[æÆ]/g, "ae")
        .replace(/[œŒ]/g, "oe")
        .replace(/ß/g, "ss")
        .toLowerCase();
  const pattern = plain
    ? new RegExp(`(?<![a-z0-9])(?:${alternatives})[a-z0-9]*`, "g")
    : new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives})[\\p{L}\\p{N}]*`, "gu");
  const found = new Set<string>();
  for (const [word] of folded.matchAll(pattern)) {
    found.add(word);
    if (found.size >= MAX_CANDIDATES) break;
  }
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
    for (const m of text.matchAll(WORD)) {
      const word = m[0];
      if (byPattern && /^[\x00-\x7f]*$/.test(word)) continue;
      const folded = foldWord(word);
      if (matched.has(folded)) hits.push({ start: m.index, end: m.index + word.length, word: folded });
    }
    hits.sort((x, y) => x.start - y.start);
  }
  return hits;
}

interface Line {
  /** 0-based index in the content. */
  index: number;
  start: number;
  text: string;
}

function linesOf(content: string): Line[] {
  const lines: Line[] = [];
  let start = 0;
  content.split("\n").forEach((text, index) => {
    if (text.trim() !== "") lines.push({ index, start, text });
    start += text.length + 1;
  });
  return lines;
}

/** The non-blank line holding the most different matched words with its neighbours; the first wins ties. */
function bestLine(lines: Line[], hits: Hit[]): number | null {
  if (hits.length === 0) return null;
  const words: Set<string>[] = lines.map(() => new Set());
  let at = 0;
  for (const hit of hits) {
    while (at + 1 < lines.length && lines[at + 1].start <= hit.start) at++;
    words[at].add(hit.word);
  }
  let best: number | null = null;
  let bestScore = 0;
  for (let i = 0; i < lines.length; i++) {
    if (words[i].size === 0) continue;
    const near = new Set([...(words[i - 1] ?? []), ...words[i], ...(words[i + 1] ?? [])]);
    if (near.size > bestScore) {
      bestScore = near.size;
      best = i;
    }
  }
  return best;
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
  const lines = linesOf(content);
  if (lines.length === 0) return { snippet: [], snippet_text: "", line_number: 1 };
  const found = bestLine(lines, findHits(content, matched));
  const at = found ?? 0;
  const plain = (i: number) => stripInlineMarkers(lines[i].text).trim();
  const line = plain(at);
  // Found again in the line as displayed (markers stripped); without a match the snippet is the opening.
  const first = found === null ? undefined : findHits(line, matched)[0];
  const [start, end] = first ? [first.start, first.end] : [0, 0];
  const beforeLines = [];
  for (let i = Math.max(0, at - CONTEXT_LINES); i < at; i++) beforeLines.push(plain(i));
  const afterLines = [];
  for (let i = at + 1; i < Math.min(lines.length, at + 1 + CONTEXT_LINES); i++) afterLines.push(plain(i));
  const beforeBudget = first ? Math.round(chars * BEFORE_SHARE) : 0;
  const before = keepEnd([...beforeLines, line.slice(0, start)].join("\n"), beforeBudget);
  const after = keepStart([line.slice(end), ...afterLines].join("\n"), chars - beforeBudget);
  const text = `${before}${line.slice(start, end)}${after}`;
  return { snippet: segmentsOf(text, matched), snippet_text: text, line_number: lines[at].index + 1 };
}
