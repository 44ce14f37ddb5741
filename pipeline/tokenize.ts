import winkNLP from "wink-nlp";
import model from "wink-eng-lite-web-model";

/**
 * Splits a poem's text (front matter already removed) into lower-case words for the word-frequency counts,
 * with wink-nlp's tokenizer: inline markers (* _ ^ ~) are removed first; numbers, ordinals, punctuation and
 * symbols are dropped; curly apostrophes become straight ones; words keep their apostrophes, so contractions
 * (don't, it's) stay whole and archaic elisions (o'er, e'en, 'tis, 'twas) are words of their own.
 */

// Tokenization only: no sentence boundaries, POS tags or entities, which the counts do not need.
const nlp = winkNLP(model, []);
const its = nlp.its;

const MARKERS = /[*_^~]+/g;
const CURLY_APOSTROPHES = /[\u2018\u2019\u02BC\u2032]/g;
/** Words that follow a leading apostrophe as an elision ('tis, 'twas, 'neath); any other is a quotation mark. */
const ELIDED_AFTER_APOSTROPHE = new Set([
  "tis", "twas", "twere", "twill", "twould", "gainst", "neath", "mid", "midst", "tween", "twixt", "em", "er",
  "scape", "tho", "cause",
]);
const isClitic = (token: string) => token.startsWith("'") || token.toLowerCase() === "n't";
/** A word made of letters (any script) with inner or edge apostrophes, and no digits. */
const WORD = /^'?\p{L}[\p{L}\p{M}'-]*$/u;

export function tokenizeWords(text: string): string[] {
  const clean = text.replace(MARKERS, " ").replace(CURLY_APOSTROPHES, "'");
  const doc = nlp.readDoc(clean);
  const values = doc.tokens().out(its.value) as string[];
  const types = doc.tokens().out(its.type) as string[];
  const spaces = doc.tokens().out(its.precedingSpaces) as string[];
  const words: string[] = [];
  for (let i = 0; i < values.length; i++) {
    const type = types[i];
    let value = values[i]!.toLowerCase();
    if (type === "punctuation" && value === "'" && spaces[i + 1] === "" && types[i + 1] === "word") {
      // 'tis, 'twas: an apostrophe glued to the start of a known elided word.
      const next = values[i + 1]!.toLowerCase();
      if (ELIDED_AFTER_APOSTROPHE.has(next)) {
        words.push(`'${next}`);
        i++;
      }
      continue;
    }
    if (type !== "word") continue;
    // Contractions come back split (do + n't, it + 's): glue the clitic back on.
    while (i + 1 < values.length && spaces[i + 1] === "" && types[i + 1] === "word" && isClitic(values[i + 1]!)) {
      value += values[++i]!.toLowerCase();
    }
    value = value.replace(/^-+|-+$/g, "");
    if (!WORD.test(value)) continue;
    // A trailing quotation mark is not part of the word (but "o'er" keeps its inner apostrophe).
    value = value.replace(/'+$/, "");
    if (value.length > 0 && value !== "'") words.push(value);
  }
  return words;
}

/** Word → count for a list of texts; `afterText` is called once each text is counted. */
export function countWords(texts: Iterable<string>, afterText?: (text: string) => void): Map<string, number> {
  const counts = new Map<string, number>();
  for (const text of texts) {
    for (const word of tokenizeWords(text)) counts.set(word, (counts.get(word) ?? 0) + 1);
    afterText?.(text);
  }
  return counts;
}
