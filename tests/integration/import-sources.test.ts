import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runImport } from "../../pipeline/import";
import { derivePoemId } from "../../pipeline/poem-row";
import { smallCorpus } from "../helpers/corpus";
import { createTestDb, type TestDb } from "../helpers/db";

function tempDir(): string {
  return mkdtempSync(path.join(os.tmpdir(), "poetry-import-"));
}

function copyCorpus(from: string, edit?: (file: string, lines: string[]) => string[]): string {
  const dir = tempDir();
  for (const file of ["poems.jsonl", "poets.jsonl", "collections.jsonl", "biographies.jsonl"]) {
    const lines = readFileSync(path.join(from, file), "utf8").split("\n").filter(Boolean);
    writeFileSync(path.join(dir, file), (edit ? edit(file, lines) : lines).join("\n") + "\n");
  }
  return dir;
}

describe("importing a corpus slice, changes, bad records and other formats", () => {
  let t: TestDb;
  let small: string;

  beforeAll(async () => {
    t = await createTestDb();
    small = await smallCorpus();
    const report = await runImport(t.db, { paths: [small] });
    expect(report.errors).toEqual([]);
  });
  afterAll(() => t?.destroy());

  const poemById = (id: string) => t.db.selectFrom("poems").selectAll().where("id", "=", id).executeTakeFirst();

  it("updates a changed record in place and keeps its id and counters", async () => {
    const lines = readFileSync(path.join(small, "poems.jsonl"), "utf8").split("\n").filter(Boolean);
    const target = JSON.parse(lines[0]);
    await t.db.updateTable("poems").set({ favorite_count: 7, view_count: 40 }).where("id", "=", target.id).execute();
    const changed = copyCorpus(small, (file, rows) =>
      file === "poems.jsonl" ? rows.map((r, i) => (i === 0 ? JSON.stringify({ ...target, title: `${target.title} (revised)` }) : r)) : rows,
    );
    const report = await runImport(t.db, { paths: [changed] });
    expect(report.poems.updated).toBe(1);
    expect(report.poems.inserted).toBe(0);
    const row = await poemById(target.id);
    expect(row).toMatchObject({ title: `${target.title} (revised)`, favorite_count: 7, view_count: 40 });
    // and back again, so other tests see the original
    await runImport(t.db, { paths: [small] });
    expect((await poemById(target.id))?.title).toBe(target.title);
  });

  it("reports broken lines by number and imports the rest", async () => {
    const broken = copyCorpus(small, (file, rows) => {
      if (file !== "poems.jsonl") return rows;
      const extra = (id: string, fields: object) => JSON.stringify({ id, author: "Test Poet", title: "T", content: "x", ...fields });
      return [
        ...rows.slice(0, 2),
        "{not json",
        extra("aaaaaaaaaaa1", { title: "" }),
        extra("bbbbbbbbbbbb", { content: "   \n  " }),
        extra("NOT-HEX", {}),
        extra("cccccccccccc", { title: "A good new poem", content: "Line one\n  line two" }),
        ...rows.slice(2),
      ];
    });
    const report = await runImport(t.db, { paths: [broken] });
    const poemErrors = report.errors.filter((e) => e.file.endsWith("poems.jsonl"));
    expect(poemErrors.map((e) => e.line)).toEqual([3, 4, 5, 6]);
    expect(poemErrors[0].message).toMatch(/invalid JSON/);
    expect(poemErrors[1].message).toMatch(/title/);
    expect(poemErrors[2].message).toMatch(/content/);
    expect(poemErrors[3].message).toMatch(/id/);
    expect(report.poems.inserted).toBe(1);
    expect((await poemById("cccccccccccc"))?.content).toBe("Line one\n  line two");
  });

  it("strips a front-matter block from the text and keeps it as data", async () => {
    const dir = copyCorpus(small, (file, rows) =>
      file === "poems.jsonl"
        ? [
            JSON.stringify({
              id: "dddddddddddd",
              title: "With Front Matter",
              author: "Test Poet",
              content: "---\ntitle: With Front Matter\nmeter: iambic\n---\n  First line indented\nSecond line",
            }),
          ]
        : file === "collections.jsonl"
          ? []
          : rows,
    );
    await runImport(t.db, { paths: [dir] });
    const row = await poemById("dddddddddddd");
    expect(row?.content).toBe("  First line indented\nSecond line");
    expect(row?.front_matter).toEqual({ title: "With Front Matter", meter: "iambic" });
    expect(row?.line_count).toBe(2);
  });

  it("imports a folder of Markdown poems with YAML front matter into an ordered collection", async () => {
    const dir = tempDir();
    mkdirSync(path.join(dir, "book"));
    const md = (title: string, sequence: number, body: string) =>
      `---\ntitle: "${title}"\nauthor: Markdown Poet\nyear: 1901\ncollection: Markdown Book\nsequence: ${sequence}\n---\n${body}\n`;
    writeFileSync(path.join(dir, "book", "b.md"), md("Second Song", 2, "Two lines\n    indented"));
    writeFileSync(path.join(dir, "book", "a.md"), md("First Song", 1, "One line"));
    writeFileSync(path.join(dir, "bad.md"), "---\nauthor: Nobody\n---\nNo title here\n");
    const report = await runImport(t.db, { paths: [dir] });
    expect(report.poems.inserted).toBe(2);
    expect(report.errors).toHaveLength(1);
    expect(report.errors[0]).toMatchObject({ file: path.join(dir, "bad.md"), line: 1 });
    const second = await poemById(derivePoemId("Markdown Poet", "Second Song"));
    expect(second).toMatchObject({ title: "Second Song", year: 1901, content: "Two lines\n    indented" });
    const links = await t.db
      .selectFrom("collection_poems")
      .innerJoin("poems", "poems.id", "collection_poems.poem_id")
      .select(["poems.title", "collection_poems.sequence"])
      .where("collection_id", "=", "markdown-book")
      .orderBy("sequence")
      .execute();
    expect(links).toEqual([
      { title: "First Song", sequence: 1 },
      { title: "Second Song", sequence: 2 },
    ]);
    const again = await runImport(t.db, { paths: [dir] });
    expect(again.poems).toEqual({ inserted: 0, updated: 0, unchanged: 2 });
    expect(again.collections.unchanged).toBe(1);
  });

  it("imports a PoetryDB-style JSON array, keeping stanza breaks", async () => {
    const file = path.join(tempDir(), "poetrydb.json");
    writeFileSync(
      file,
      JSON.stringify([
        { title: "Db Poem", author: "Db Poet", lines: ["First", "Second", "", "  Third"], linecount: "4" },
        { title: "No lines", author: "Db Poet", lines: [] },
      ]),
    );
    const report = await runImport(t.db, { paths: [file] });
    expect(report.poems.inserted).toBe(1);
    expect(report.errors).toEqual([expect.objectContaining({ line: 2, message: expect.stringMatching(/lines/) })]);
    const row = await poemById(derivePoemId("Db Poet", "Db Poem"));
    expect(row?.content).toBe("First\nSecond\n\n  Third");
    const poet = await t.db.selectFrom("poets").selectAll().where("name", "=", "Db Poet").executeTakeFirstOrThrow();
    expect(poet).toMatchObject({ directory: "db-poet", poem_count: 1 });
  });

  it("rejects a path that is not a source, before writing anything", async () => {
    const before = await t.db.selectFrom("poems").select(sql<number>`count(*)`.as("n")).executeTakeFirstOrThrow();
    await expect(runImport(t.db, { paths: [small, "/definitely/missing"] })).rejects.toThrow(/no such file or folder/);
    await expect(runImport(t.db, { paths: [tempDir()] })).rejects.toThrow(/poems\.jsonl/);
    const after = await t.db.selectFrom("poems").select(sql<number>`count(*)`.as("n")).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });
});
