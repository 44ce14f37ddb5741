/**
 * Turns what a visitor typed into a small structure of words, phrases and exclusions. Nothing of the raw text
 * ever reaches SQL: every word kept is a run of letters and digits, so the tsquery text built from it cannot
 * carry an operator, a quote or a backslash, and a NUL byte or a lone surrogate is simply dropped.
 */

export interface SearchTerm {
  /** Letters and digits only, as typed (accents kept: the text search configuration folds them). */
  words: string[];
  /** Quoted: the words must follow each other. */
  phrase: boolean;
  /** Written with a leading '-': poems containing it are left out. */
  negated: boolean;
  /** The last word typed, matched as a prefix ('nightin' finds 'nightingale'). */
  prefix: boolean;
}

export interface ParsedQuery {
  terms: SearchTerm[];
  /** Every word of the positive terms, folded (no accents, lower case), in order. */
  words: string[];
  /** The positive words folded and joined by single spaces: the text trigram matching compares. */
  plain: string;
}

/** Longer queries gain nothing and cost more: words past this many are ignored. */
export const MAX_QUERY_WORDS = 24;
/** Longer "words" are noise (or an attack); lexemes are cut at this length. */
export const MAX_WORD_LENGTH = 60;
/** The shortest last word that is matched as a prefix: 'lo:*' would match half the corpus. */
export const MIN_PREFIX_LENGTH = 3;

const WORD = /[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu;
const QUOTES = /["“”„«»]/;

/** Folds a word the way search_fold() does for the common cases: accents off, lower case. */
export function foldWord(word: string): string {
  return word
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .replace(/[æÆ]/g, "ae")
    .replace(/[œŒ]/g, "oe")
    .replace(/ß/g, "ss")
    .toLowerCase();
}

function wordsOf(text: string): string[] {
  return (text.match(WORD) ?? []).map((w) => w.slice(0, MAX_WORD_LENGTH));
}

/** Splits the query into chunks: quoted phrases and whitespace-separated pieces, in order. */
function chunksOf(text: string): { text: string; quoted: boolean }[] {
  const chunks: { text: string; quoted: boolean }[] = [];
  let rest = text;
  while (rest.length > 0) {
    const quote = QUOTES.exec(rest);
    const before = quote ? rest.slice(0, quote.index) : rest;
    for (const piece of before.split(/\s+/)) if (piece) chunks.push({ text: piece, quoted: false });
    if (!quote) break;
    // An unclosed quote runs to the end of the query.
    const after = rest.slice(quote.index + 1);
    const close = QUOTES.exec(after);
    const inner = close ? after.slice(0, close.index) : after;
    if (inner.trim()) chunks.push({ text: inner, quoted: true });
    rest = close ? after.slice(close.index + 1) : "";
  }
  return chunks;
}

export function parseSearchText(input: string): ParsedQuery {
  const text = input.normalize("NFC");
  const terms: SearchTerm[] = [];
  let budget = MAX_QUERY_WORDS;
  for (const chunk of chunksOf(text)) {
    if (budget <= 0) break;
    const negated = !chunk.quoted && /^-[\p{L}\p{N}]/u.test(chunk.text);
    const words = wordsOf(chunk.text).slice(0, budget);
    if (words.length === 0) continue;
    budget -= words.length;
    // "self-same" or "o'er" typed bare are one piece of several words; they are all required, in any order.
    terms.push({ words, phrase: chunk.quoted && words.length > 1, negated, prefix: false });
  }
  const last = terms.at(-1);
  if (last && !last.phrase && !last.negated && /[\p{L}\p{N}]$/u.test(text.trimEnd())) {
    const word = last.words.at(-1)!;
    if (foldWord(word).length >= MIN_PREFIX_LENGTH && !/^\p{N}+$/u.test(word)) {
      // Only the very last word is a prefix; the words before it in the same piece stay whole.
      if (last.words.length > 1) {
        terms.splice(
          terms.length - 1,
          1,
          { ...last, words: last.words.slice(0, -1) },
          {
            words: [word],
            phrase: false,
            negated: false,
            prefix: true,
          },
        );
      } else last.prefix = true;
    }
  }
  const words = terms.filter((t) => !t.negated).flatMap((t) => t.words.map(foldWord));
  return { terms, words, plain: words.join(" ") };
}

export function hasPositiveTerms(query: ParsedQuery): boolean {
  return query.words.length > 0;
}

/** Which weights of the head vector a query may match: A is the title, B the poet's name. */
export type WeightFilter = "" | "A" | "B";

function lexeme(word: string, prefix: boolean, weights: WeightFilter): string {
  const flags = `${prefix ? "*" : ""}${weights}`;
  return `'${word}'${flags ? `:${flags}` : ""}`;
}

/**
 * The to_tsquery() text for the query: words and phrases ANDed, exclusions negated, the last word a prefix.
 * Safe by construction: words hold letters and digits only. Empty when nothing positive is left.
 */
export function toTsqueryText(query: ParsedQuery, weights: WeightFilter = "", prefixAll = false): string {
  if (!hasPositiveTerms(query)) return "";
  const parts = query.terms.map((term) => {
    const prefix = (w: number) => prefixAll || (term.prefix && w === term.words.length - 1);
    const items = term.words.map((word, i) => lexeme(word, prefix(i), weights));
    const joined = items.length === 1 ? items[0] : `(${items.join(term.phrase ? " <-> " : " & ")})`;
    return term.negated ? `!${joined}` : joined;
  });
  return parts.join(" & ");
}

export function hasPhrase(query: ParsedQuery): boolean {
  return query.terms.some((t) => t.phrase && !t.negated);
}

/** Any one positive word (prefix kept): the query that tells which words of a text to highlight. */
export function anyWordTsqueryText(query: ParsedQuery): string {
  const items = query.terms
    .filter((t) => !t.negated)
    .flatMap((t) => t.words.map((word, i) => lexeme(word, t.prefix && i === t.words.length - 1, "")));
  return [...new Set(items)].join(" | ");
}
