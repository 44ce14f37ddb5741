import { sql } from "kysely";
import type { DB } from "../db.server";

/**
 * What PostgreSQL's stemmer makes of words, remembered by this process, so marking a page of snippets rarely
 * needs a round trip to the database: poems share their vocabulary, and a word's lexemes never change while
 * the text search configuration (poetry_english, set by the migrations) stays the same, that is, for the life
 * of the process.
 *
 * A text's word matches a query when one of its lexemes equals one of the query's, or starts with a prefix
 * operand ('nightin':*): exactly what `to_tsvector(word) @@ to_tsquery(query)` decides for a query that only
 * ORs its words (anyWordTsqueryText), which is all snippets ask.
 */

/** Words remembered at most; a poem's vocabulary is a few hundred, the whole corpus's about 150,000. */
const MAX_WORDS = 200_000;
const MAX_QUERIES = 1_000;

const wordLexemes = new Map<string, string[]>();
const queryOperands = new Map<string, Promise<Operand[] | null>>();

export interface Operand {
  lexeme: string;
  prefix: boolean;
}

function remember<V>(map: Map<string, V>, key: string, value: V, max: number): void {
  // Oldest first: Map keeps insertion order.
  if (map.size >= max) map.delete(map.keys().next().value as string);
  map.set(key, value);
}

/**
 * The operands of a tsquery's text as PostgreSQL prints it ("'love':* | 'heart'"), or null when it holds
 * anything but operands joined by | (a weight, &, <->, !), which the caller then leaves to the database.
 */
export function parseOrOperands(text: string): Operand[] | null {
  const operands: Operand[] = [];
  const OPERAND = /'((?:[^'\\]|'')*)'(:\*)?/g;
  let rest = "";
  let at = 0;
  for (const m of text.matchAll(OPERAND)) {
    rest += text.slice(at, m.index);
    at = m.index + m[0].length;
    operands.push({ lexeme: m[1].replace(/''/g, "'"), prefix: m[2] !== undefined });
  }
  rest += text.slice(at);
  return /^[\s|]*$/.test(rest) ? operands : null;
}

/** The OR-ed operands of `tsqueryText` after stemming (stop words gone), or null (see parseOrOperands). */
export function orOperands(db: DB, tsqueryText: string): Promise<Operand[] | null> {
  let operands = queryOperands.get(tsqueryText);
  if (!operands) {
    operands = sql<{ q: string }>`select to_tsquery('poetry_english', ${tsqueryText})::text as q`
      .execute(db)
      .then(({ rows }) => parseOrOperands(rows[0]?.q ?? ""));
    // A failed look-up is not remembered.
    operands.catch(() => queryOperands.delete(tsqueryText));
    remember(queryOperands, tsqueryText, operands, MAX_QUERIES);
  }
  return operands;
}

/** The lexemes of each word, from memory or else in one statement for all the words not yet seen. */
export async function lexemesOf(db: DB, words: readonly string[]): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>();
  const unseen: string[] = [];
  for (const word of new Set(words)) {
    const lexemes = wordLexemes.get(word);
    if (lexemes) found.set(word, lexemes);
    else unseen.push(word);
  }
  if (unseen.length > 0) {
    const { rows } = await sql<{ word: string; lexemes: string[] }>`
      select w as word, tsvector_to_array(to_tsvector('poetry_english', w)) as lexemes
      from unnest(cast(${unseen} as text[])) as w`.execute(db);
    for (const row of rows) {
      found.set(row.word, row.lexemes);
      remember(wordLexemes, row.word, row.lexemes, MAX_WORDS);
    }
  }
  return found;
}

export function matchesOperand(lexemes: readonly string[], operands: readonly Operand[]): boolean {
  return lexemes.some((l) => operands.some((o) => (o.prefix ? l.startsWith(o.lexeme) : l === o.lexeme)));
}
