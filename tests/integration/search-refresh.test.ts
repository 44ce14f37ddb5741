import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runImport } from "../../pipeline/import";
import type { DB } from "~/server/db.server";
import { refreshSearchIndex, search, type SearchOptions } from "~/server/models/search.server";
import { smallCorpus } from "../helpers/corpus";
import { createTestDb, type TestDb } from "../helpers/db";

/** refreshSearchIndex keeps poem_search in step with poems and poets, and does nothing when nothing changed. */

let t: TestDb;
let db: DB;
let poemCount: number;

const options = (q: string, extra: Partial<SearchOptions> = {}): SearchOptions => ({
  q,
  fields: ["title", "author", "content", "poets"],
  page: 1,
  perPage: 100,
  fuzzy: false,
  sortBy: "relevance",
  skipCounts: false,
  snippetChars: 100,
  ...extra,
});

async function indexedRows(): Promise<number> {
  return (await sql<{ n: number }>`select count(*)::int as n from poem_search`.execute(db)).rows[0].n;
}

async function poemId(title: string): Promise<string> {
  return (await db.selectFrom("poems").select("id").where("title", "=", title).executeTakeFirstOrThrow()).id;
}

beforeAll(async () => {
  t = await createTestDb();
  db = t.db;
  await runImport(db, { paths: [await smallCorpus()] });
  // Start from an empty index even if the importer refreshes it itself.
  await sql`delete from poem_search`.execute(db);
  poemCount = Number(
    (
      await db
        .selectFrom("poems")
        .select(sql<number>`count(*)`.as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
});

afterAll(async () => {
  await t?.destroy();
});

describe("refreshSearchIndex", () => {
  it("finds nothing before the first refresh, then indexes every poem once", async () => {
    const antique = () => search(db, options("traveller antique", { fields: ["content"] }));
    expect(await indexedRows()).toBe(0);
    expect((await antique()).contents).toEqual([]);
    expect(await refreshSearchIndex(db)).toBe(poemCount);
    expect(await indexedRows()).toBe(poemCount);
    expect((await antique()).contents.map((p) => p.title)).toEqual(["Ozymandias of Egypt"]);
  });

  it("leaves the tables it wrote vacuumed: every page all-visible, so scans skip per-row visibility checks", async () => {
    await sql`update poems set view_count = view_count + 1 where title = 'Ozymandias of Egypt'`.execute(db);
    await sql`update poem_search set title_fold = null where poem_id = ${await poemId("Ozymandias of Egypt")}`.execute(db);
    // pg_class counts the all-visible pages as its last vacuum or analyze saw them.
    await sql`analyze poem_search, poems, poets`.execute(db);
    const notAllVisible = async () =>
      (
        await sql<{ relname: string }>`
          select relname from pg_class
          where relname in ('poem_search', 'poems', 'poets') and relallvisible < relpages
          order by relname`.execute(db)
      ).rows.map((r) => r.relname);
    expect(await notAllVisible()).toEqual(expect.arrayContaining(["poem_search", "poems"]));
    expect(await refreshSearchIndex(db)).toBe(1);
    expect(await notAllVisible()).toEqual([]);
  });

  it("keeps the folded opening beside it without its little words, for first-line matching", async () => {
    const { rows } = await sql<{ opening: string; opening_words: string }>`
      select opening, opening_words from poem_search where poem_id = ${await poemId("Ozymandias of Egypt")}`.execute(db);
    expect(rows[0].opening.startsWith("i met a traveller from an antique land")).toBe(true);
    expect(rows[0].opening_words.startsWith("met traveller from antique land")).toBe(true);
  });

  it("keeps the folded title beside it, and rebuilds a row written without it (by an older release)", async () => {
    const id = await poemId("Ozymandias of Egypt");
    const titleFold = async () =>
      (await sql<{ title_fold: string | null }>`select title_fold from poem_search where poem_id = ${id}`.execute(db))
        .rows[0].title_fold;
    expect(await titleFold()).toBe("ozymandias of egypt");
    await sql`update poem_search set title_fold = null where poem_id = ${id}`.execute(db);
    expect(await refreshSearchIndex(db)).toBe(1);
    expect(await titleFold()).toBe("ozymandias of egypt");
  });

  it("is idempotent, also after an import that changed nothing", async () => {
    expect(await refreshSearchIndex(db)).toBe(0);
    await runImport(db, { paths: [await smallCorpus()] });
    expect(await refreshSearchIndex(db)).toBe(0);
  });

  it("rebuilds a poem whose content hash changed", async () => {
    const id = await poemId("Ozymandias of Egypt");
    await db
      .updateTable("poems")
      .set({ content: sql`content || ${"\nA zebrafinch sang on the pedestal"}`, content_hash: "edited" })
      .where("id", "=", id)
      .execute();
    expect((await search(db, options("zebrafinch", { fields: ["content"] }))).contents).toEqual([]);
    expect(await refreshSearchIndex(db)).toBe(1);
    const hits = (await search(db, options("zebrafinch", { fields: ["content"] }))).contents;
    expect(hits.map((h) => h.id)).toEqual([id]);
    expect(hits[0].snippet.filter((s) => s.match).map((s) => s.text)).toEqual(["zebrafinch"]);
  });

  it("rebuilds a poet's poems when the poet changes (their dates decide the time period)", async () => {
    const shelley = await db
      .selectFrom("poets")
      .select(["id", "poem_count"])
      .where("name", "=", "Percy Bysshe Shelley")
      .executeTakeFirstOrThrow();
    const inPeriod = async () =>
      (await search(db, options("ozymandias", { fields: ["title"], timePeriod: "pre-1800" }))).poems.length;
    expect(await inPeriod()).toBe(0);
    await db
      .updateTable("poets")
      .set({ death_date: "1790", content_hash: "edited" })
      .where("id", "=", shelley.id)
      .execute();
    expect(await refreshSearchIndex(db)).toBe(shelley.poem_count);
    expect(await inPeriod()).toBe(1);
  });

  it("drops the index row of a deleted poem with it", async () => {
    const id = await poemId("Ozymandias of Egypt");
    await db.deleteFrom("collection_poems").where("poem_id", "=", id).execute();
    await db.deleteFrom("poems").where("id", "=", id).execute();
    expect(await indexedRows()).toBe(poemCount - 1);
    expect(await refreshSearchIndex(db)).toBe(0);
    expect((await search(db, options("zebrafinch"))).contents).toEqual([]);
  });
});
