import { createReadStream } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runImport, type ImportReport } from "../../pipeline/import";
import { buildPoemDraft } from "../../pipeline/poem-row";
import { CorpusPoemSchema } from "../../pipeline/records";
import { CORPUS_DIR } from "../helpers/corpus";
import { createTestDb, type TestDb } from "../helpers/db";

async function readJsonl(name: string): Promise<Record<string, any>[]> {
  const rows: Record<string, any>[] = [];
  const rl = createInterface({ input: createReadStream(path.join(CORPUS_DIR, name), "utf8"), crlfDelay: Infinity });
  for await (const line of rl) if (line.trim()) rows.push(JSON.parse(line));
  return rows;
}

describe("importing the whole real corpus", () => {
  let t: TestDb;
  let first: ImportReport;
  let poems: Record<string, any>[];
  let poets: Record<string, any>[];
  let collections: Record<string, any>[];

  beforeAll(async () => {
    t = await createTestDb();
    [poems, poets, collections] = await Promise.all([
      readJsonl("poems.jsonl"),
      readJsonl("poets.jsonl"),
      readJsonl("collections.jsonl"),
    ]);
    first = await runImport(t.db, { paths: [CORPUS_DIR] });
  });
  afterAll(() => t?.destroy());

  it("imports every record of the files with no errors", async () => {
    expect(first.errors).toEqual([]);
    expect(first.poems).toEqual({ inserted: poems.length, updated: 0, unchanged: 0 });
    expect(first.poets.inserted).toBe(poets.length);
    expect(first.collections.inserted).toBe(collections.length);
    const count = async (table: "poems" | "poets" | "collections" | "collection_poems") =>
      (await t.db.selectFrom(table).select(sql<number>`count(*)`.as("n")).executeTakeFirstOrThrow()).n;
    expect(await count("poems")).toBe(new Set(poems.map((p) => p.id)).size);
    expect(await count("poets")).toBe(poets.length);
    expect(await count("collections")).toBe(collections.length);
    expect(await count("collection_poems")).toBe(collections.reduce((n, c) => n + c.poem_ids.length, 0));
  });

  it("derives per-poet poem counts that match the file", async () => {
    const expected = new Map<string, number>();
    for (const p of poems) expected.set(p.author, (expected.get(p.author) ?? 0) + 1);
    const rows = await t.db.selectFrom("poets").select(["name", "poem_count"]).execute();
    for (const row of rows) expect(row.poem_count, row.name).toBe(expected.get(row.name) ?? 0);
  });

  it("links each collection's poems in book order", async () => {
    for (const c of collections) {
      const links = await t.db
        .selectFrom("collection_poems")
        .innerJoin("collections", "collections.id", "collection_poems.collection_id")
        .select(["collection_poems.poem_id", "collection_poems.sequence", "collections.poem_count"])
        .where("collections.title", "=", c.title)
        .orderBy("collection_poems.sequence")
        .execute();
      expect(links.map((l) => l.poem_id), c.title).toEqual(c.poem_ids);
      expect(links[0]?.poem_count).toBe(c.poem_ids.length);
    }
  });

  it("lets one poem belong to several collections (anthologies reference existing poems)", async () => {
    const shared = await t.db
      .selectFrom("collection_poems")
      .select(["poem_id", sql<number>`count(*)`.as("n")])
      .groupBy("poem_id")
      .having(sql`count(*)`, ">", 1)
      .execute();
    expect(shared.length).toBeGreaterThan(100);
  });

  it("stores provenance, rights and stable, unique slugs and directories", async () => {
    const ozymandias = poems.find((p) => p.title === "Ozymandias of Egypt" && p.author === "Percy Bysshe Shelley")!;
    const row = await t.db
      .selectFrom("poems")
      .innerJoin("poets", "poets.id", "poems.poet_id")
      .select(["poems.id", "poems.slug", "poems.source_repo", "poems.source_commit", "poems.rights", "poets.directory"])
      .where("poems.id", "=", ozymandias.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      id: ozymandias.id,
      slug: `ozymandias-of-egypt-${ozymandias.id.slice(0, 6)}`,
      source_repo: ozymandias.source_repo,
      source_commit: ozymandias.source_commit,
      rights: "pd",
      directory: "percy-bysshe-shelley",
    });
    const usOnly = poems.filter((p) => p.flags?.includes("pd_us_only")).length;
    const stored = await t.db
      .selectFrom("poems")
      .select(sql<number>`count(*)`.as("n"))
      .where("rights", "=", "pd_us_only")
      .executeTakeFirstOrThrow();
    expect(stored.n).toBe(usOnly);
    const directories = await t.db.selectFrom("poets").select("directory").execute();
    for (const { directory } of directories) expect(directory).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it("keeps biographies with their source and licence, and Wikipedia links in meta_data", async () => {
    const cowley = await t.db
      .selectFrom("poets")
      .selectAll()
      .where("name", "=", "Abraham Cowley")
      .executeTakeFirstOrThrow();
    expect(cowley.biography).toMatch(/^COWLEY, ABRAHAM \(1618-1667\)/);
    expect(cowley.biography_source).toBeTruthy();
    expect(cowley.biography_license).toBeTruthy();
    expect(cowley.meta_data.wikipedia_url).toBe("https://en.wikipedia.org/wiki/Abraham_Cowley");
    expect(cowley.sort_name).toBe("cowley, abraham");
  });

  it("stores every poem's text exactly as normalised (NFC, indentation kept)", async () => {
    const rows = await t.db.selectFrom("poems").select(["id", "content_hash", "content"]).execute();
    const stored = new Map(rows.map((r) => [r.id, r]));
    for (const record of poems) {
      const draft = buildPoemDraft(CorpusPoemSchema.parse(record));
      expect(stored.get(record.id)?.content_hash, record.id).toBe(draft.content_hash);
    }
    const indented = poems.find((p) => /\n {4,}\S/.test(p.content))!;
    const firstIndented = indented.content.split("\n").find((l: string) => /^ {4,}\S/.test(l));
    expect(stored.get(indented.id)?.content.split("\n")).toContain(firstIndented.normalize("NFC").trimEnd());
  });

  it("changes nothing on a second run and says so", async () => {
    const before = await t.db.selectFrom("poems").select(sql<string>`max(updated_at)::text`.as("t")).executeTakeFirstOrThrow();
    const second = await runImport(t.db, { paths: [CORPUS_DIR] });
    expect(second.poems).toEqual({ inserted: 0, updated: 0, unchanged: poems.length });
    expect(second.poets).toEqual({ inserted: 0, updated: 0, unchanged: poets.length });
    expect(second.collections).toEqual({ inserted: 0, updated: 0, unchanged: collections.length });
    const after = await t.db.selectFrom("poems").select(sql<string>`max(updated_at)::text`.as("t")).executeTakeFirstOrThrow();
    expect(after.t).toBe(before.t);
  });
});
