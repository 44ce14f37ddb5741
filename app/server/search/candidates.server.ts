import { type RawBuilder, sql } from "kysely";
import { periodFilter, poemEraSql, poetEraSql, type TimePeriod } from "./periods";
import { hasPhrase, type ParsedQuery, toTsqueryText, type WeightFilter } from "./query-text";
import { RESULT_CAP } from "./types";

/**
 * The SQL that finds each group's candidates, as (id, tier, score) rows: tier 0 for exact matches, 1 for
 * fuzzy ones, score higher for better. Every branch stops at RESULT_CAP + 1 rows before anything expensive
 * (ranking reads whole tsvectors) happens, so cost is bounded however common the words are.
 *
 * User text reaches SQL only as bound parameters: the tsquery text (letters, digits and operators we wrote)
 * and the plain folded words.
 */

const CAP = sql.lit(RESULT_CAP + 1);
/** Content candidates scored by ts_rank_cd; the rest keep the pre-rank order (see exactContents). */
export const RANKED_CONTENTS = 200;
const RANKED = sql.lit(RANKED_CONTENTS);
/**
 * Characters of text scored at most: ts_rank_cd's cost grows with the text (~0.5 ms a million characters), and
 * 200 candidates of 26,000 characters each ("the sea is calm to-night…") took 2.8 ms to score. Past this much
 * text the candidates keep their pre-rank order, shorter first, as the length-normalised score would mostly
 * put them anyway: page 1 and 2 of 125 queries came out the same as with every candidate scored.
 */
export const RANKED_TEXT_CHARS = 1_000_000;
const RANK_TEXT = sql.lit(RANKED_TEXT_CHARS);
/** A fuzzy first-line match needs some text to compare; one short word would match lines at random. */
const MIN_OPENING_WORDS = 2;
const MIN_OPENING_CHARS = 8;
/** From this many words on, a query is also compared with every poem's first lines (see contentsMatches). */
const FIRST_LINE_WORDS = 3;
/** Exact content hits score below this (rank ≤ 1, + 1 for a title hit, + 1); first-line matches above it. */
const OPENING_FIRST = sql.lit(3);
/** Names have a few parts: a longer query is a line of verse, not a misspelt poet. */
const MAX_NAME_WORDS = 4;

export interface Candidates {
  /** The (id, tier, score) rows. */
  rows: RawBuilder<{ id: string | number; tier: number; score: number }>;
  /** Whether no id comes twice, so the paging statement need not group them (0.35 to 0.6 ms for 1,001 rows). */
  distinct: boolean;
}

/** Candidates from one branch, which finds each poem or poet once. */
function distinct(rows: RawBuilder<unknown>): Candidates {
  return { rows: rows as Candidates["rows"], distinct: true };
}

export interface CandidateContext {
  query: ParsedQuery;
  period: TimePeriod | undefined;
  /** Whether the statement may run from a generic plan: see once(). */
  reusablePlan?: boolean;
}

/**
 * A value computed from the parameters, once per execution. On PostgreSQL the paging statements are prepared and
 * may run from a generic plan (db/prepared-statements.server.ts), which cannot fold `to_tsquery('…', $1)` into a
 * constant as a plan for the words themselves does: it would parse the query again for every row a filter tests.
 * As a scalar subquery it is an InitPlan, evaluated once whichever the plan. Elsewhere (PGlite: every statement
 * planned for its words) the subquery would only cost planning time, ~5 % of a search there.
 */
function once<T>(ctx: CandidateContext, expression: RawBuilder<T>): RawBuilder<T> {
  return ctx.reusablePlan ? sql<T>`(select ${expression})` : expression;
}

function englishQueryText(query: ParsedQuery, weights: WeightFilter = ""): RawBuilder<unknown> {
  return sql`to_tsquery('poetry_english', ${toTsqueryText(query, weights)})`;
}

function englishQuery(ctx: CandidateContext, weights: WeightFilter = ""): RawBuilder<unknown> {
  return once(ctx, englishQueryText(ctx.query, weights));
}

/**
 * Whether a tsquery kept no phrase operator: a quoted phrase of one word and little words ("to autumn", "the
 * sea") is one lexeme once the stop words are gone, and its candidates need no word positions checked. Known
 * only once PostgreSQL has parsed the words, so computed once per execution (a one-time filter of each branch).
 */
function phraseless(ctx: CandidateContext): RawBuilder<boolean> {
  return sql<boolean>`position('<' in ${englishQuery(ctx)}::text) = 0`;
}

/**
 * Poems whose pairs of neighbouring words include every pair of the query's phrases (search_pairs, in the
 * phrase pairs migration), which the index answers without rechecking rows. All the phrases' pairs are looked
 * up as one array: a phrase that kept one word has none, and an empty array alone would match every poem
 * (only phraseless queries have no pair at all, and they never reach this test).
 */
function phrasePairs(ctx: CandidateContext): RawBuilder<boolean> {
  const pairs = ctx.query.terms
    .filter((term) => term.phrase && !term.negated)
    .map((term) => sql`search_phrase_pairs(${term.words.join(" ")})`);
  return sql<boolean>`search_pairs(body_vector) @> ${once(ctx, sql`(${sql.join(pairs, sql` || `)})`)}`;
}

function folded(ctx: CandidateContext): RawBuilder<string> {
  return once(ctx, sql<string>`search_fold(${ctx.query.plain})`);
}

/**
 * Exact candidates, and fuzzy ones: all of them when `fuzzyAsked`, otherwise only when there is no exact
 * one at all. One statement either way: the fallback branch sits behind a one-time test of the materialised
 * exact rows, so PostgreSQL skips it without another round trip when exact matches exist.
 */
export function exactThenFuzzy(
  exact: Candidates | null,
  fuzzy: Candidates | null,
  fuzzyAsked: boolean,
): Candidates | null {
  if (!exact || !fuzzy) return exact ?? fuzzy;
  if (fuzzyAsked) return union([exact, fuzzy]);
  // One group or the other, never both.
  return {
    rows: sql`
      with exact as materialized (${exact.rows})
      select id, tier, score from exact
      union all
      select id, tier, score from (${fuzzy.rows}) f where not exists (select 1 from exact)`,
    distinct: exact.distinct && fuzzy.distinct,
  };
}

/** All the parts' rows; a poem found by two of them comes twice. */
export function union(parts: (Candidates | null)[]): Candidates | null {
  const present = parts.filter((p): p is Candidates => p !== null);
  if (present.length <= 1) return present[0] ?? null;
  return {
    rows: sql`${sql.join(
      present.map((p) => sql`(${p.rows})`),
      sql` union all `,
    )}`,
    distinct: false,
  };
}

// Poets: any part of the name, each word a prefix, accents folded; no stemming.

export function exactPoets(ctx: CandidateContext): Candidates | null {
  const { query, period } = ctx;
  const text = toTsqueryText(query, "", true);
  if (!text) return null;
  const tsq = once(ctx, sql`to_tsquery('poetry_simple', ${text})`);
  return distinct(sql`
    select pt.id, 0 as tier,
      (ts_rank(to_tsvector('poetry_simple', pt.name), ${tsq})
        + case when pt.name_fold = ${folded(ctx)} then 1 else 0 end)::float8 as score
    from poets pt
    where to_tsvector('poetry_simple', pt.name) @@ ${tsq} ${periodFilter(poetEraSql("pt"), period)}
    limit ${CAP}`);
}

// Names spelled like the query come from search_similar_poets (the trigram index; see its migration).
export function fuzzyPoets(ctx: CandidateContext): Candidates | null {
  const { query, period } = ctx;
  if (!query.plain || query.words.length > MAX_NAME_WORDS) return null;
  return distinct(sql`
    select pt.id, 1 as tier, f.similarity::float8 as score
    from search_similar_poets(${folded(ctx)}) f
    join poets pt on pt.id = f.poet_id
    where true ${periodFilter(poetEraSql("pt"), period)}
    limit ${CAP}`);
}

// Poems by title (weight A) and poet name (weight B).

function headWeights(title: boolean, author: boolean): WeightFilter {
  if (title && author) return "";
  return title ? "A" : "B";
}

export function exactPoems(ctx: CandidateContext, fields: { title: boolean; author: boolean }): Candidates | null {
  const { query, period } = ctx;
  if (!toTsqueryText(query)) return null;
  const tsq = englishQuery(ctx, headWeights(fields.title, fields.author));
  // Title matches rank above poet matches whatever their lengths; a title that is the query, or starts with
  // it, goes first ('To Autumn' for "to autumn").
  const bonus = fields.title
    ? sql`(case when s.head_vector @@ ${englishQuery(ctx, "A")} then 2 else 0 end
        + case when s.title_fold = ${query.plain} then 1
               when s.title_fold like ${`${query.plain}%`} then 0.5 else 0 end)`
    : sql`0`;
  return distinct(sql`
    select s.poem_id as id, 0 as tier, (ts_rank(s.head_vector, ${tsq}, 1) + ${bonus})::float8 as score
    from poem_search s
    where s.head_vector @@ ${tsq} ${periodFilter(sql`s.era_year`, period)}
    limit ${CAP}`);
}

export function fuzzyPoems(ctx: CandidateContext, fields: { title: boolean; author: boolean }): Candidates | null {
  const { query, period } = ctx;
  if (!query.plain) return null;
  const era = periodFilter(poemEraSql("p", "pt"), period);
  const byTitle = fields.title
    ? distinct(sql`
        select p.id, 1 as tier, word_similarity(${folded(ctx)}, p.title_fold)::float8 as score
        from poems p
        ${period ? sql`join poets pt on pt.id = p.poet_id` : sql``}
        where ${folded(ctx)} <% p.title_fold ${era}
        limit ${CAP}`)
    : null;
  // Poems of a poet whose name is spelled like the query rank below poems whose title is.
  const byAuthor =
    fields.author && query.words.length <= MAX_NAME_WORDS
      ? distinct(sql`
        select p.id, 1 as tier, (0.5 * f.similarity)::float8 as score
        from search_similar_poets(${folded(ctx)}) f
        join poems p on p.poet_id = f.poet_id
        ${period ? sql`join poets pt on pt.id = p.poet_id` : sql``}
        where true ${era}
        limit ${CAP}`)
      : null;
  return union([byTitle, byAuthor]);
}

// Content: the words anywhere in the text.

function exactContents(ctx: CandidateContext): Candidates | null {
  const { query, period } = ctx;
  if (!toTsqueryText(query)) return null;
  const tsq = englishQuery(ctx);
  const era = periodFilter(sql`era_year`, period);
  // Poems whose title or poet also matches, and the others: two disjoint branches, each stopping at the cap.
  // The first tests its few rows' texts directly ('offset 0' keeps the planner from also walking the text
  // index, which the second branch walks already: for a prefix of a common word that walk is the costly part).
  // A phrase is looked up by its word pairs (see phrasePairs), and its candidates' word positions checked; not
  // at all when the stop words leave one word of it.
  const headHit = sql`head_vector @@ ${tsq}`;
  const wordMatches = (condition: RawBuilder<unknown>) => sql`
    select ctid as tid, poem_id, 0 as head_hit, body_length from poem_search
    where ${condition} and body_vector @@ ${tsq} and not ${headHit} ${era}
    limit ${CAP}`;
  // 'offset 0' keeps the text index out of it: the pairs alone leave a few poems per phrase match, while the
  // text index would add every poem holding the words.
  const bodyMatches = hasPhrase(query)
    ? sql`(${wordMatches(phraseless(ctx))})
        union all
        (select tid, poem_id, 0 as head_hit, body_length
         from (select ctid as tid, poem_id, head_vector, body_vector, body_length from poem_search
               where not ${phraseless(ctx)} and ${phrasePairs(ctx)} ${era}
               offset 0) b
         where body_vector @@ ${tsq} and not ${headHit}
         limit ${CAP})`
    : wordMatches(sql`true`);
  // The cheap pre-rank: poems whose title or poet also matches first (they keep 'Love' poems on top when
  // 10,000 poems hold the word), then the shorter poems (the score below divides by length, so they tend to
  // win anyway). Only the first RANKED, and no more than RANKED_TEXT_CHARS of text, are scored by ts_rank_cd,
  // which reads the whole text vector (a 280 KB poem's is large); the others follow unscored, in pre-rank
  // order. The branches pass on each row's address (ctid) rather than its text vector, so the pre-rank sorts
  // narrow rows (a short poem's vector is inline, ~1 KB: the sort held 0.9 MB for 'love'), and only the ranked
  // few read their vector again, by that address (a TID scan, no index).
  return distinct(sql`
    select c.poem_id as id, 0 as tier,
      case when c.n <= ${RANKED} and c.text_before < ${RANK_TEXT}
        then (select ts_rank_cd(r.body_vector, ${tsq}, 2) from poem_search r where r.ctid = c.tid)
          + c.head_hit + 1
        else -c.n
      end::float8 as score
    from (
      select tid, poem_id, head_hit, row_number() over pre_rank as n,
        sum(body_length) over pre_rank - body_length as text_before
      from (
        (select tid, poem_id, 1 as head_hit, body_length
         from (select ctid as tid, poem_id, body_vector, body_length from poem_search where ${headHit} ${era} offset 0) h
         where body_vector @@ ${tsq}
         limit ${CAP})
        union all
        (${bodyMatches})
      ) u
      window pre_rank as (order by head_hit desc, body_length, poem_id collate "C")
    ) c
    where c.n <= ${CAP}`);
}

/**
 * The first-line candidates, as exact-tier matches scored above every other content hit. Query and openings
 * are compared without their little words ('the', 'of'; see search_opening_words), whose trigrams are in
 * nearly every opening and made this the costliest part of a search.
 */
function openingCandidates(ctx: CandidateContext, tier: 0 | 1): Candidates {
  const { query, period } = ctx;
  const line = once(ctx, sql<string>`search_opening_words(search_fold(${query.plain}))`);
  const similarity = sql`word_similarity(${line}, s.opening_words)`;
  const score = tier === 0 ? sql`${OPENING_FIRST} + ${similarity}` : similarity;
  return distinct(sql`
    select s.poem_id as id, ${sql.lit(tier)} as tier, (${score})::float8 as score
    from poem_search s
    where ${line} <% s.opening_words ${periodFilter(sql`s.era_year`, period)}
    limit ${CAP}`);
}

/**
 * A query of several words may be a first line, typed from memory: poems whose opening lines are spelled
 * like it count as matches however the words are spelt, and come first (above any exact hit, which scores
 * below OPENING_FIRST). Otherwise the exact words in the text.
 */
export function contentsMatches(ctx: CandidateContext): Candidates | null {
  const words = ctx.query.words.length;
  if (words < FIRST_LINE_WORDS || ctx.query.plain.length < MIN_OPENING_CHARS) return exactContents(ctx);
  return union([exactContents(ctx), openingCandidates(ctx, 0)]);
}

/** A two-word query compared with first lines, only as a fuzzy fallback: two words alone match at random. */
export function fuzzyContents(ctx: CandidateContext): Candidates | null {
  const words = ctx.query.words.length;
  if (words < MIN_OPENING_WORDS || words >= FIRST_LINE_WORDS || ctx.query.plain.length < MIN_OPENING_CHARS) {
    return null;
  }
  return openingCandidates(ctx, 1);
}
