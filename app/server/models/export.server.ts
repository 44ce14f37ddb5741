import { type Expression, type ExpressionBuilder, type SqlBool, sql } from "kysely";
import type { DB } from "../db.server";
import type { Database, PoetMetaData, RightsStatus } from "../db/schema";

/** What an export covers: everything, one poet (by directory) or one collection (by id). */
export type ExportScope = { kind: "all" } | { kind: "poet"; directory: string } | { kind: "collection"; id: string };

/** Rows are read in pages of this size, so an export never holds the whole corpus in memory. */
export const EXPORT_PAGE_SIZE = 500;

export class ExportScopeError extends Error {}

/** The scope with its key resolved to row ids; throws ExportScopeError for an unknown poet or collection. */
export type ResolvedScope =
  | { kind: "all" }
  | { kind: "poet"; poetId: number; name: string }
  | { kind: "collection"; id: string; title: string; poetId: number | null };

export async function resolveScope(db: DB, scope: ExportScope): Promise<ResolvedScope> {
  if (scope.kind === "all") return scope;
  if (scope.kind === "poet") {
    const poet = await db.selectFrom("poets").select(["id", "name"]).where("directory", "=", scope.directory).executeTakeFirst();
    if (!poet) throw new ExportScopeError(`no poet with the directory '${scope.directory}'`);
    return { kind: "poet", poetId: poet.id, name: poet.name };
  }
  const collection = await db
    .selectFrom("collections")
    .select(["id", "title", "poet_id"])
    .where("id", "=", scope.id)
    .executeTakeFirst();
  if (!collection) throw new ExportScopeError(`no collection with the id '${scope.id}'`);
  return { kind: "collection", id: collection.id, title: collection.title, poetId: collection.poet_id };
}

type PoemsEb = ExpressionBuilder<Database, "poems">;

/**
 * Poems in scope: a collection's poems; a poet's poems plus every poem of the poet's own books (a book may
 * quote another author), so the exported collections are complete.
 */
function poemInScope(eb: PoemsEb, scope: ResolvedScope): Expression<SqlBool> {
  if (scope.kind === "all") return sql<SqlBool>`true`;
  if (scope.kind === "collection") {
    return eb("poems.id", "in", eb.selectFrom("collection_poems").select("poem_id").where("collection_id", "=", scope.id));
  }
  return eb.or([
    eb("poems.poet_id", "=", scope.poetId),
    eb(
      "poems.id",
      "in",
      eb
        .selectFrom("collection_poems")
        .innerJoin("collections", "collections.id", "collection_poems.collection_id")
        .select("collection_poems.poem_id")
        .where("collections.poet_id", "=", scope.poetId),
    ),
  ]);
}

export interface ExportPoemRow {
  id: string;
  slug: string;
  title: string;
  subtitle: string | null;
  author: string;
  year: number | null;
  year_note: string | null;
  content: string;
  front_matter: Record<string, unknown> | null;
  line_count: number;
  translator: string | null;
  editor: string | null;
  note: string | null;
  editorial_note: string | null;
  source: string | null;
  source_repo: string | null;
  source_path: string | null;
  source_commit: string | null;
  flags: string[];
  rights: RightsStatus;
  content_hash: string;
}

/** Every poem column an import stores, so an exported record imports back to the same row. */
export const EXPORTED_POEM_COLUMNS = [
  "poems.id",
  "poems.slug",
  "poems.title",
  "poems.subtitle",
  "poems.year",
  "poems.year_note",
  "poems.content",
  "poems.front_matter",
  "poems.line_count",
  "poems.translator",
  "poems.editor",
  "poems.note",
  "poems.editorial_note",
  "poems.source",
  "poems.source_repo",
  "poems.source_path",
  "poems.source_commit",
  "poems.flags",
  "poems.rights",
  "poems.content_hash",
] as const;

/**
 * The poems in scope, a page at a time, by slug: the order that gives the same slugs on re-import, because a
 * clashing slug falls back to a longer one (the original sorts before its `…<full id>` fallback).
 */
export async function* streamExportPoems(db: DB, scope: ResolvedScope): AsyncGenerator<ExportPoemRow[]> {
  let after: string | null = null;
  for (;;) {
    let query = db
      .selectFrom("poems")
      .innerJoin("poets", "poets.id", "poems.poet_id")
      .select([...EXPORTED_POEM_COLUMNS, "poets.name as author"])
      .where((eb) => poemInScope(eb, scope))
      .orderBy("poems.slug")
      .limit(EXPORT_PAGE_SIZE);
    if (after !== null) query = query.where("poems.slug", ">", after);
    const rows = (await query.execute()) as ExportPoemRow[];
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < EXPORT_PAGE_SIZE) return;
    after = rows[rows.length - 1].slug;
  }
}

export async function countExportPoems(db: DB, scope: ResolvedScope): Promise<number> {
  const row = await db
    .selectFrom("poems")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where((eb) => poemInScope(eb, scope))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Whether any poem in scope comes from facjure/public-domain-poetry (its licence must then travel with it). */
export async function scopeHasSource(db: DB, scope: ResolvedScope, source: string): Promise<boolean> {
  const row = await db
    .selectFrom("poems")
    .select("poems.id")
    .where((eb) => poemInScope(eb, scope))
    .where("poems.source", "=", source)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export interface BookPlaceRow {
  poem_id: string;
  collection: string;
  sequence: number;
  section: string | null;
  number: string | null;
}

/**
 * Each poem's place in a book, as its own corpus record states it (`collection`, `sequence`, `section`,
 * `number`). A poem in several books gets the one whose section or number came from the poem's record.
 */
export async function bookPlaces(db: DB, poemIds: string[]): Promise<Map<string, BookPlaceRow>> {
  if (poemIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("collection_poems")
    .innerJoin("collections", "collections.id", "collection_poems.collection_id")
    .select([
      "collection_poems.poem_id",
      "collections.title as collection",
      "collection_poems.sequence",
      "collection_poems.section",
      "collection_poems.number",
    ])
    .where("collection_poems.poem_id", "in", poemIds)
    .orderBy(sql`(collection_poems.section is not null or collection_poems.number is not null)`, "desc")
    .orderBy("collections.id")
    .execute();
  const places = new Map<string, BookPlaceRow>();
  for (const row of rows) if (!places.has(row.poem_id)) places.set(row.poem_id, row);
  return places;
}

export interface ExportPoetRow {
  id: number;
  name: string;
  birth_date: string | null;
  death_date: string | null;
  dates_precision: string | null;
  description: string | null;
  biography: string | null;
  biography_source: string | null;
  biography_license: string | null;
  primary_image_url: string | null;
  source: string | null;
  meta_data: PoetMetaData;
}

/**
 * The poets in scope, by id: the order they were first stored in, which an import follows when it gives
 * each new poet a directory (a second "John Smith" becomes john-smith-2).
 */
export async function* streamExportPoets(db: DB, scope: ResolvedScope): AsyncGenerator<ExportPoetRow[]> {
  let after = 0;
  for (;;) {
    let query = db
      .selectFrom("poets")
      .select([
        "id",
        "name",
        "birth_date",
        "death_date",
        "dates_precision",
        "description",
        "biography",
        "biography_source",
        "biography_license",
        "primary_image_url",
        "source",
        "meta_data",
      ])
      .where("id", ">", after)
      .orderBy("id")
      .limit(EXPORT_PAGE_SIZE);
    if (scope.kind !== "all") {
      const own = scope.poetId;
      query = query.where((eb) =>
        eb.or([
          eb("id", "in", eb.selectFrom("poems").select("poems.poet_id").where((inner) => poemInScope(inner, scope))),
          ...(own !== null ? [eb("id", "=", own)] : []),
        ]),
      );
    }
    const rows = (await query.execute()) as ExportPoetRow[];
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < EXPORT_PAGE_SIZE) return;
    after = rows[rows.length - 1].id;
  }
}

export interface ExportCollectionRow {
  id: string;
  title: string;
  year: number | null;
  poet_name: string | null;
  author: string;
  editor: string | null;
  description: string | null;
  rights: RightsStatus;
  anthology: boolean;
  gutenberg_id: number | null;
  source_repo: string | null;
  source_path: string | null;
  source_commit: string | null;
  sections: string[];
  poem_count: number;
  content_hash: string;
}

/** The collections in scope, by id (a few dozen: read at once). */
export async function exportCollections(db: DB, scope: ResolvedScope): Promise<ExportCollectionRow[]> {
  let query = db
    .selectFrom("collections")
    .leftJoin("poets", "poets.id", "collections.poet_id")
    .select([
      "collections.id",
      "collections.title",
      "collections.year",
      "poets.name as poet_name",
      "collections.author",
      "collections.editor",
      "collections.description",
      "collections.rights",
      "collections.anthology",
      "collections.gutenberg_id",
      "collections.source_repo",
      "collections.source_path",
      "collections.source_commit",
      "collections.sections",
      "collections.poem_count",
      "collections.content_hash",
    ])
    .orderBy("collections.id");
  if (scope.kind === "collection") query = query.where("collections.id", "=", scope.id);
  if (scope.kind === "poet") query = query.where("collections.poet_id", "=", scope.poetId);
  return (await query.execute()) as ExportCollectionRow[];
}

/** A collection's poem ids in book order. */
export async function collectionPoemIds(db: DB, collectionId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("collection_poems")
    .select("poem_id")
    .where("collection_id", "=", collectionId)
    .orderBy("sequence")
    .execute();
  return rows.map((r) => r.poem_id);
}

export interface EpubPoemRow {
  id: string;
  title: string;
  subtitle: string | null;
  author: string;
  content: string;
  section: string | null;
  number: string | null;
  source: string | null;
  /** Place in the book (0 for a poet's poems, which are ordered by title). */
  sequence: number;
}

/**
 * The poems of an EPUB in reading order, a page at a time: a collection's in book order, a poet's by title.
 */
export async function* streamEpubPoems(db: DB, scope: ResolvedScope): AsyncGenerator<EpubPoemRow[]> {
  let offset = 0;
  for (;;) {
    let rows: EpubPoemRow[];
    if (scope.kind === "collection") {
      rows = await db
        .selectFrom("collection_poems")
        .innerJoin("poems", "poems.id", "collection_poems.poem_id")
        .innerJoin("poets", "poets.id", "poems.poet_id")
        .select([
          "poems.id",
          "poems.title",
          "poems.subtitle",
          "poets.name as author",
          "poems.content",
          "collection_poems.section",
          "collection_poems.number",
          "poems.source",
          "collection_poems.sequence",
        ])
        .where("collection_poems.collection_id", "=", scope.id)
        .where("collection_poems.sequence", ">", offset)
        .orderBy("collection_poems.sequence")
        .limit(EXPORT_PAGE_SIZE)
        .execute();
      offset = rows.at(-1)?.sequence ?? offset;
    } else if (scope.kind === "poet") {
      rows = await db
        .selectFrom("poems")
        .innerJoin("poets", "poets.id", "poems.poet_id")
        .select([
          "poems.id",
          "poems.title",
          "poems.subtitle",
          "poets.name as author",
          "poems.content",
          sql<string | null>`null`.as("section"),
          sql<string | null>`null`.as("number"),
          "poems.source",
          sql<number>`0`.as("sequence"),
        ])
        .where("poems.poet_id", "=", scope.poetId)
        .orderBy("poems.title")
        .orderBy("poems.id")
        .offset(offset)
        .limit(EXPORT_PAGE_SIZE)
        .execute();
      offset += rows.length;
    } else {
      throw new ExportScopeError("an EPUB is made of one collection or one poet");
    }
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < EXPORT_PAGE_SIZE) return;
  }
}

/**
 * What an EPUB is made from, as one hash: the collection's (or poet's) row and every poem's content hash in
 * reading order. A cached EPUB whose fingerprint differs is stale.
 */
export async function epubFingerprint(db: DB, scope: ResolvedScope): Promise<string> {
  if (scope.kind === "collection") {
    const row = await sql<{ fingerprint: string }>`
      select md5(c.content_hash || ':' || coalesce(string_agg(p.content_hash || pt.content_hash, ',' order by cp.sequence), '')) as fingerprint
      from collections c
      left join collection_poems cp on cp.collection_id = c.id
      left join poems p on p.id = cp.poem_id
      left join poets pt on pt.id = p.poet_id
      where c.id = ${scope.id}
      group by c.content_hash`.execute(db);
    return row.rows[0]?.fingerprint ?? "";
  }
  if (scope.kind === "poet") {
    const row = await sql<{ fingerprint: string }>`
      select md5(pt.content_hash || ':' || coalesce(string_agg(p.content_hash, ',' order by p.title, p.id), '')) as fingerprint
      from poets pt left join poems p on p.poet_id = pt.id
      where pt.id = ${scope.poetId}
      group by pt.content_hash`.execute(db);
    return row.rows[0]?.fingerprint ?? "";
  }
  throw new ExportScopeError("an EPUB is made of one collection or one poet");
}

export interface EpubBookInfo {
  title: string;
  author: string;
  /** The single poet the book is by, with the poet's (Wikipedia, CC BY-SA) description. */
  poet: { name: string; description: string | null } | null;
  anthology: boolean;
  editor: string | null;
  year: number | null;
  rights: RightsStatus;
  gutenbergId: number | null;
  sourceRepo: string | null;
  note: string | null;
  /** The latest change to the book or any of its poems (the EPUB's dcterms:modified). */
  modified: Date;
}

export async function epubBookInfo(db: DB, scope: ResolvedScope): Promise<EpubBookInfo> {
  if (scope.kind === "collection") {
    const row = await db
      .selectFrom("collections")
      .leftJoin("poets", "poets.id", "collections.poet_id")
      .select([
        "collections.title",
        "collections.author",
        "collections.anthology",
        "collections.editor",
        "collections.year",
        "collections.rights",
        "collections.gutenberg_id",
        "collections.source_repo",
        "collections.description",
        sql<Date>`collections.updated_at`.as("updated_at"),
        "poets.name as poet_name",
        "poets.description as poet_description",
      ])
      .where("collections.id", "=", scope.id)
      .executeTakeFirstOrThrow();
    const latest = await db
      .selectFrom("collection_poems")
      .innerJoin("poems", "poems.id", "collection_poems.poem_id")
      .select((eb) => eb.fn.max("poems.updated_at").as("at"))
      .where("collection_poems.collection_id", "=", scope.id)
      .executeTakeFirst();
    return {
      title: row.title,
      author: row.author,
      poet: row.poet_name && !row.anthology ? { name: row.poet_name, description: row.poet_description } : null,
      anthology: row.anthology,
      editor: row.editor,
      year: row.year,
      rights: row.rights,
      gutenbergId: row.gutenberg_id,
      sourceRepo: row.source_repo,
      note: row.description,
      modified: latestOf(row.updated_at, latest?.at),
    };
  }
  if (scope.kind === "poet") {
    const poet = await db
      .selectFrom("poets")
      .select(["name", "description", sql<Date>`updated_at`.as("updated_at")])
      .where("id", "=", scope.poetId)
      .executeTakeFirstOrThrow();
    const stats = await db
      .selectFrom("poems")
      .select((eb) => [
        eb.fn.max("updated_at").as("at"),
        sql<number>`count(*) filter (where rights = 'pd_us_only')`.as("us_only"),
      ])
      .where("poet_id", "=", scope.poetId)
      .executeTakeFirst();
    return {
      title: `Poems by ${poet.name}`,
      author: poet.name,
      poet: { name: poet.name, description: poet.description },
      anthology: false,
      editor: null,
      year: null,
      rights: Number(stats?.us_only ?? 0) > 0 ? "pd_us_only" : "pd",
      gutenbergId: null,
      sourceRepo: null,
      note: null,
      modified: latestOf(poet.updated_at, stats?.at),
    };
  }
  throw new ExportScopeError("an EPUB is made of one collection or one poet");
}

function latestOf(a: Date | string, b: Date | string | null | undefined): Date {
  const first = new Date(a);
  if (!b) return first;
  const second = new Date(b);
  return second > first ? second : first;
}
