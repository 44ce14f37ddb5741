import { sql } from "kysely";
import type { DB } from "../db.server";
import { anyWordTsqueryText, type ParsedQuery } from "./query-text";
import { buildSnippet, type Snippet, snippetCandidates } from "./snippet";
import { lexemesOf, matchesOperand, orOperands } from "./stems.server";

/**
 * Only the start of a long poem is fetched and read for its snippet at first: the longest poems run to
 * 280 KB, and a page of them would otherwise cost tens of milliseconds. The rare poem whose matches all lie
 * further in is then read whole.
 */
export const SNIPPET_SCAN_CHARS = 20_000;

export interface SnippetSource {
  id: string;
  /** The start of the text. */
  content: string;
  /** Whether the text goes on past `content`. */
  continues: boolean;
}

/**
 * Which words of some texts match the query, decided by the same stemmer and accent folding as the index
 * ('roses' marks 'Rose', 'nightin' marks 'Nightingale's'): the texts' plausible words are stemmed by the
 * database (once per word for the life of the process: stems.server.ts) and compared with the query's lexemes.
 */
export async function matchedWords(db: DB, query: ParsedQuery, texts: readonly string[]): Promise<Set<string>> {
  const tsqueryText = anyWordTsqueryText(query);
  if (!tsqueryText || texts.length === 0) return new Set();
  const candidates = [...new Set(texts.flatMap((text) => snippetCandidates(text, query.words)))];
  if (candidates.length === 0) return new Set();
  const [operands, lexemes] = await Promise.all([orOperands(db, tsqueryText), lexemesOf(db, candidates)]);
  if (operands === null) return matchedWordsInDatabase(db, tsqueryText, candidates);
  return new Set(candidates.filter((word) => matchesOperand(lexemes.get(word) ?? [], operands)));
}

/** The same decision made by the database itself, for a query whose stemmed form is not a plain OR of words. */
export async function matchedWordsInDatabase(db: DB, tsqueryText: string, candidates: string[]): Promise<Set<string>> {
  const { rows } = await sql<{ word: string }>`
    select w as word
    from unnest(cast(${candidates} as text[])) as w
    where to_tsvector('poetry_english', w) @@ to_tsquery('poetry_english', ${tsqueryText})`.execute(db);
  return new Set(rows.map((r) => r.word));
}

const marked = (snippet: Snippet) => snippet.snippet.some((segment) => segment.match);

/** Snippets for content hits, in order: from the start of each text, or from all of it when needed. */
export async function contentSnippets(
  db: DB,
  query: ParsedQuery,
  sources: readonly SnippetSource[],
  chars: number,
): Promise<Snippet[]> {
  const matched = await matchedWords(
    db,
    query,
    sources.map((s) => s.content),
  );
  const snippets = sources.map((s) => buildSnippet(s.content, matched, chars));
  const unmarked = sources.filter((s, i) => s.continues && !marked(snippets[i]));
  if (unmarked.length === 0) return snippets;
  const { rows } = await sql<{ id: string; content: string }>`
    select id, content from poems where id = any(${unmarked.map((s) => s.id)})`.execute(db);
  const whole = new Map(rows.map((r) => [r.id, r.content]));
  const more = await matchedWords(db, query, [...whole.values()]);
  return sources.map((s, i) => {
    const text = whole.get(s.id);
    return text === undefined ? snippets[i] : buildSnippet(text, more, chars);
  });
}
