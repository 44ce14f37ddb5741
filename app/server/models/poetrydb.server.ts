import { type RawBuilder, sql } from "kysely";
import { stripMarkup } from "~/lib/inline-markup";
import { dropFrontMatter } from "~/lib/poem-lines";
import type { PoemField, PoetryDbQuery, TextMatch } from "~/lib/poetrydb-grammar";
import type { DB } from "../db.server";

/**
 * Queries of the PoetryDB-compatible API (/poetrydb). A poem comes out as PoetryDB's
 * `{title, author, lines, linecount}`: `author` is the poet's name, `lines` the text a reader sees split on
 * line breaks (stanza breaks are empty strings), `linecount` its number of non-blank lines, as a string.
 * Every filter runs in the database on an index: poet names and titles on their trigram indexes (folded text,
 * rechecked exactly), lines on poetrydb_texts' trigram index, line counts on poems_line_count_idx.
 */

export type PoetryDbPoem = Partial<{ title: string; author: string; lines: string[]; linecount: string }>;

/** The lines PoetryDB gives for a poem: front matter and inline emphasis markers removed, as pages show it. */
export function poetryDbLines(content: string): string[] {
  return stripMarkup(dropFrontMatter(content)).split("\n");
}

/** PoetryDB's own list order is Ruby's sort: by code point, so "Z" comes before "a". */
const BYTE_ORDER = sql.raw(`collate "C"`);

export async function listPoetryDbAuthors(db: DB): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select pt.name from poets pt
    where exists (select 1 from poems p where p.poet_id = pt.id)
    order by pt.name ${BYTE_ORDER}`.execute(db);
  return rows.map((row) => row.name);
}

export async function listPoetryDbTitles(db: DB): Promise<string[]> {
  const { rows } = await sql<{ title: string }>`
    select p.title from poems p group by p.title order by p.title ${BYTE_ORDER}`.execute(db);
  return rows.map((row) => row.title);
}

/** `text` as a LIKE pattern matching itself anywhere: the escape character and wildcards made literal. */
function containsPattern(text: RawBuilder<string> | string): RawBuilder<string> {
  const escaped = sql<string>`replace(replace(replace(${text}, ${"\\"}, ${"\\\\"}), ${"%"}, ${"\\%"}), ${"_"}, ${"\\_"})`;
  return sql<string>`${"%"} || ${escaped} || ${"%"}`;
}

/**
 * A name or title: exact, or a case-insensitive substring. The folded column (accents off, lower case) has the
 * trigram index, so it narrows the rows first; the exact ILIKE then keeps PoetryDB's accent-sensitive answer.
 */
function textCondition(column: RawBuilder<string>, folded: RawBuilder<string>, match: TextMatch): RawBuilder<boolean> {
  if (match.exact) return sql<boolean>`${column} = ${match.value}`;
  return sql<boolean>`(${folded} like ${containsPattern(sql<string>`search_fold(${match.value})`)}
    and ${column} ilike ${containsPattern(match.value)})`;
}

/** Some line contains the term (any case), or with `:abs` some line is exactly the term. */
function linesCondition(match: TextMatch): RawBuilder<boolean> {
  // A line never holds a line break, so such a term matches nothing (and must not match across two lines).
  if (/[\r\n]/.test(match.value)) return sql<boolean>`false`;
  const found = match.exact
    ? sql<boolean>`x.lines like ${containsPattern(match.value)}
        and strpos(${"\n"} || x.lines || ${"\n"}, ${`\n${match.value}\n`}) > 0`
    : sql<boolean>`x.lines ilike ${containsPattern(match.value)}`;
  return sql<boolean>`exists (select 1 from poetrydb_texts x where x.poem_id = p.id and ${found})`;
}

function conditions(query: PoetryDbQuery): RawBuilder<boolean> {
  const parts: RawBuilder<boolean>[] = [];
  if (query.author) parts.push(textCondition(sql.ref("pt.name"), sql.ref("pt.name_fold"), query.author));
  if (query.title) parts.push(textCondition(sql.ref("p.title"), sql.ref("p.title_fold"), query.title));
  if (query.lines) parts.push(linesCondition(query.lines));
  if (query.linecount?.min != null) parts.push(sql<boolean>`p.line_count >= ${query.linecount.min}`);
  if (query.linecount?.max != null) parts.push(sql<boolean>`p.line_count <= ${query.linecount.max}`);
  return parts.length > 0 ? sql<boolean>`${sql.join(parts, sql` and `)}` : sql<boolean>`true`;
}

interface Row {
  title: string;
  author: string;
  line_count: number;
  content: string | null;
}

/**
 * The poems a PoetryDB query asks for, with only the fields asked for. Ordered by poet name, then title
 * (code-point order, as PoetryDB sorts its lists), then id; `random` answers come in the order drawn.
 */
export async function findPoetryDbPoems(db: DB, query: PoetryDbQuery, fields: readonly PoemField[]): Promise<PoetryDbPoem[]> {
  const where = conditions(query);
  // The text is the heavy part of a poem: read it only when the answer shows lines.
  const content = fields.includes("lines") ? sql`p.content` : sql`null`;
  const columns = sql`p.title, pt.name as author, p.line_count, ${content} as content`;
  let rows: Row[];
  if (query.random && query.random.byAuthor) {
    ({ rows } = await sql<Row>`
      with matching as (
        select p.id, p.poet_id from poems p join poets pt on pt.id = p.poet_id where ${where}
      ), drawn as (
        select d.poet_id, random() as r from (select distinct poet_id from matching) d order by r limit ${query.random.count}
      ), picked as (
        select distinct on (m.poet_id) m.id, drawn.r
        from matching m join drawn on drawn.poet_id = m.poet_id
        order by m.poet_id, random()
      )
      select ${columns}
      from picked join poems p on p.id = picked.id join poets pt on pt.id = p.poet_id
      order by picked.r`.execute(db));
  } else if (query.random) {
    ({ rows } = await sql<Row>`
      with picked as (
        select p.id, random() as r from poems p join poets pt on pt.id = p.poet_id
        where ${where} order by r limit ${query.random.count}
      )
      select ${columns}
      from picked join poems p on p.id = picked.id join poets pt on pt.id = p.poet_id
      order by picked.r`.execute(db));
  } else {
    const limit = query.poemcount != null ? sql`limit ${query.poemcount}` : sql``;
    ({ rows } = await sql<Row>`
      select ${columns}
      from poems p join poets pt on pt.id = p.poet_id
      where ${where}
      order by pt.name ${BYTE_ORDER}, p.title ${BYTE_ORDER}, p.id
      ${limit}`.execute(db));
  }
  return rows.map((row) => {
    const poem: PoetryDbPoem = {};
    if (fields.includes("title")) poem.title = row.title;
    if (fields.includes("author")) poem.author = row.author;
    if (fields.includes("lines")) poem.lines = poetryDbLines(row.content ?? "");
    if (fields.includes("linecount")) poem.linecount = String(row.line_count);
    return poem;
  });
}

/** Poems per statement when rebuilding poetrydb_texts. */
const REFRESH_BATCH = 500;
/** Characters per stored chunk: small enough to stay inline in the row (no TOAST), so rechecks are cheap. */
const CHUNK_CHARS = 1000;
/** Past this many stale poems the trigram index is dropped and built afresh: far faster than row by row. */
const BULK_REBUILD = 2000;
const LINES_INDEX = "poetrydb_texts_lines_trgm_idx";

/** The display lines cut into chunks of whole lines (a line longer than a chunk is a chunk of its own). */
export function poetryDbChunks(lines: readonly string[], size = CHUNK_CHARS): string[] {
  const chunks: string[] = [];
  let current: string[] = [];
  let length = 0;
  for (const line of lines) {
    if (current.length > 0 && length + 1 + line.length > size) {
      chunks.push(current.join("\n"));
      current = [];
      length = 0;
    }
    length += (current.length > 0 ? 1 : 0) + line.length;
    current.push(line);
  }
  if (current.length > 0) chunks.push(current.join("\n"));
  return chunks;
}

async function rebuildTexts(db: DB, ids: string[]): Promise<void> {
  const { rows } = await sql<{ id: string; content: string; content_hash: string }>`
    select id, content, content_hash from poems where id = any(${ids})`.execute(db);
  const poemIds: string[] = [];
  const hashes: string[] = [];
  const numbers: number[] = [];
  const texts: string[] = [];
  for (const row of rows) {
    poetryDbChunks(poetryDbLines(row.content)).forEach((text, index) => {
      poemIds.push(row.id);
      hashes.push(row.content_hash);
      numbers.push(index);
      texts.push(text);
    });
  }
  await db.transaction().execute(async (trx) => {
    await sql`delete from poetrydb_texts where poem_id = any(${ids})`.execute(trx);
    await sql`
      insert into poetrydb_texts (poem_id, chunk, content_hash, lines)
      select * from unnest(${poemIds}::text[], ${numbers}::int[], ${hashes}::text[], ${texts}::text[])`.execute(trx);
  });
}

/**
 * Brings poetrydb_texts in step with poems (rebuilt per poem when its content hash changed; rows of deleted
 * poems go with them) and returns how many poems were redone. When nothing changed it costs one join over
 * ids and hashes, so it runs after every import and at every start.
 */
export async function refreshPoetryDbTexts(
  db: DB,
  options: { bulkAbove?: number; onProgress?: (done: number, total: number) => void } = {},
): Promise<number> {
  const { rows: stale } = await sql<{ id: string }>`
    select p.id from poems p left join poetrydb_texts x on x.poem_id = p.id and x.chunk = 0
    where x.poem_id is null or x.content_hash <> p.content_hash
    order by p.id`.execute(db);
  const ids = stale.map((row) => row.id);
  if (ids.length === 0) return 0;
  const bulk = ids.length > (options.bulkAbove ?? BULK_REBUILD);
  if (bulk) await sql`drop index if exists ${sql.ref(LINES_INDEX)}`.execute(db);
  try {
    for (let start = 0; start < ids.length; start += REFRESH_BATCH) {
      const batch = ids.slice(start, start + REFRESH_BATCH);
      await rebuildTexts(db, batch);
      options.onProgress?.(start + batch.length, ids.length);
    }
  } finally {
    // Unconditional: a run killed between the drop and this line left no index, and the next (small) refresh
    // must bring it back. A no-op when the index is there.
    await sql`create index if not exists ${sql.ref(LINES_INDEX)} on poetrydb_texts using gin (lines gin_trgm_ops)`.execute(db);
  }
  // Vacuumed as well as analysed, for the reasons given in refreshSearchIndex (search/refresh.server.ts); the
  // vacuum also merges the new entries waiting in the GIN index's pending list, which every lines query would scan.
  await sql`vacuum (analyze) poetrydb_texts`.execute(db);
  return ids.length;
}
