import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runImport } from "../../pipeline/import";
import type { DB } from "~/server/db.server";
import { exportEpub } from "~/server/export/epub-export.server";
import { exportCorpusFolder, exportCorpusZip } from "~/server/export/jsonl-export.server";
import { exportPoetryDbFile } from "~/server/export/poetrydb-export.server";
import { EXPORTED_POEM_COLUMNS, resolveScope } from "~/server/models/export.server";
import { ZENUP_LICENCE } from "~/lib/open-data";
import { smallCorpus } from "../helpers/corpus";
import { createTestDb, type TestDb } from "../helpers/db";
import { epubcheck } from "../helpers/epubcheck";

const SITE = "Poetry Commons";

function tempDir(): string {
  return mkdtempSync(path.join(os.tmpdir(), "poetry-export-test-"));
}

/** Everything an import writes, keyed by what is stable across databases (no serial ids, no timestamps), in order. */
async function snapshot(db: DB) {
  const poets = await db
    .selectFrom("poets")
    .select([
      "directory",
      "name",
      "sort_name",
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
      "poem_count",
      "content_hash",
    ])
    .orderBy("id")
    .execute();
  const poems = await db
    .selectFrom("poems")
    .innerJoin("poets", "poets.id", "poems.poet_id")
    .select([...EXPORTED_POEM_COLUMNS, "poets.directory"])
    .orderBy("poems.slug")
    .execute();
  const collections = await db
    .selectFrom("collections")
    .leftJoin("poets", "poets.id", "collections.poet_id")
    .select([
      "collections.id",
      "collections.title",
      "collections.year",
      "poets.directory",
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
    .orderBy("collections.id")
    .execute();
  const links = await db
    .selectFrom("collection_poems")
    .selectAll()
    .orderBy("collection_id")
    .orderBy("sequence")
    .execute();
  return { poets, poems, collections, links };
}

async function importInto(paths: string[]) {
  const fresh = await createTestDb();
  const report = await runImport(fresh.db, { paths });
  return { fresh, report };
}

describe("poetry export", () => {
  let t: TestDb;
  let small: string;

  beforeAll(async () => {
    t = await createTestDb();
    small = await smallCorpus();
    const report = await runImport(t.db, { paths: [small] });
    expect(report.errors).toEqual([]);
    // A poem with front matter, by a poet met only as an author: both must survive the round trip.
    const extra = path.join(tempDir(), "extra.jsonl");
    const content = "---\ndate: 1794-01-01\ntags: [song, lamb]\nplate: 8\ntitle: 'Yes: quoted'\n---\nLittle Lamb, who made thee?\n  Dost thou know who made thee?";
    writeFileSync(extra, `${JSON.stringify({ id: "0123456789ab", title: "A Lamb", author: "Ann Example", content, flags: ["title_from_first_line"] })}\n`);
    const more = await runImport(t.db, { paths: [extra] });
    expect(more.errors).toEqual([]);
  }, 120_000);
  afterAll(() => t?.destroy());

  it("jsonl: the whole database re-imports into an identical one, order included", async () => {
    const out = path.join(tempDir(), "corpus");
    const counts = await exportCorpusFolder(t.db, await resolveScope(t.db, { kind: "all" }), out, { siteName: SITE });
    const before = await snapshot(t.db);
    expect(counts.poems).toBe(before.poems.length);
    expect(counts.poets).toBe(before.poets.length);
    expect(counts.collections).toBe(before.collections.length);
    expect(readdirSync(out).sort()).toEqual(
      expect.arrayContaining(["biographies.jsonl", "collections.jsonl", "LICENCES.md", "poems.jsonl", "poets.jsonl"]),
    );
    const { fresh, report } = await importInto([out]);
    try {
      expect(report.errors).toEqual([]);
      const after = await snapshot(fresh.db);
      expect(before.poems.some((p) => p.front_matter !== null)).toBe(true);
      expect(after.poets).toEqual(before.poets);
      expect(after.poems).toEqual(before.poems);
      expect(after.collections).toEqual(before.collections);
      expect(after.links).toEqual(before.links);
    } finally {
      await fresh.destroy();
    }
  }, 120_000);

  it("jsonl: one collection re-imports into the same poems, in book order", async () => {
    const out = path.join(tempDir(), "shropshire");
    await exportCorpusFolder(t.db, await resolveScope(t.db, { kind: "collection", id: "a-shropshire-lad" }), out, {
      siteName: SITE,
    });
    const lines = readFileSync(path.join(out, "collections.jsonl"), "utf8").trim().split("\n");
    expect(lines).toHaveLength(1);
    const { fresh, report } = await importInto([out]);
    try {
      expect(report.errors).toEqual([]);
      const before = await snapshot(t.db);
      const after = await snapshot(fresh.db);
      const ids = new Set(before.links.filter((l) => l.collection_id === "a-shropshire-lad").map((l) => l.poem_id));
      expect(ids.size).toBeGreaterThan(50);
      expect(after.poems).toEqual(before.poems.filter((p) => ids.has(p.id)));
      expect(after.links).toEqual(before.links.filter((l) => l.collection_id === "a-shropshire-lad"));
      expect(after.collections).toEqual(before.collections.filter((c) => c.id === "a-shropshire-lad"));
      expect(after.poets.map((p) => p.name)).toEqual(["A. E. Housman"]);
      expect(after.poets[0]).toEqual(before.poets.find((p) => p.name === "A. E. Housman"));
    } finally {
      await fresh.destroy();
    }
  }, 120_000);

  it("jsonl: carries the facjure notice only when facjure poems are in it, and the Wikipedia attribution", async () => {
    const all = path.join(tempDir(), "all");
    await exportCorpusFolder(t.db, await resolveScope(t.db, { kind: "all" }), all, { siteName: SITE });
    const facjure = await t.db.selectFrom("poems").select("id").where("source", "=", "facjure/public-domain-poetry").execute();
    expect(facjure.length).toBeGreaterThan(0);
    expect(readFileSync(path.join(all, "ZENUP-LICENSE.txt"), "utf8")).toBe(`${ZENUP_LICENCE}\n`);
    const notices = readFileSync(path.join(all, "LICENCES.md"), "utf8");
    expect(notices).toContain("Priyatam Mudivarti");
    expect(notices).toContain("CC BY-SA 4.0");

    const book = path.join(tempDir(), "book");
    await exportCorpusFolder(t.db, await resolveScope(t.db, { kind: "collection", id: "a-boys-will" }), book, { siteName: SITE });
    expect(readdirSync(book)).not.toContain("ZENUP-LICENSE.txt");
    expect(readFileSync(path.join(book, "LICENCES.md"), "utf8")).not.toContain("Zenup");
  }, 60_000);

  it("jsonl: the zip holds the same files, and an export over an existing one replaces it whole", async () => {
    const dir = tempDir();
    const zip = path.join(dir, "corpus.zip");
    const counts = await exportCorpusZip(t.db, await resolveScope(t.db, { kind: "all" }), zip, { siteName: SITE });
    const listing = execFileSync("unzip", ["-Z1", zip], { encoding: "utf8" }).trim().split("\n");
    expect(listing.sort()).toEqual(counts.files.map((f) => `poetry-commons-corpus/${f}`).sort());
    const poems = execFileSync("unzip", ["-p", zip, "poetry-commons-corpus/poems.jsonl"], { encoding: "utf8", maxBuffer: 1e8 });
    expect(poems.trim().split("\n")).toHaveLength(counts.poems);
    expect(readdirSync(dir)).toEqual(["corpus.zip"]);
  }, 60_000);

  it("poetrydb: PoetryDB's fields with linecount a string, and an import of it gives the same poems", async () => {
    const file = path.join(tempDir(), "shropshire.json");
    const scope = await resolveScope(t.db, { kind: "collection", id: "a-shropshire-lad" });
    const result = await exportPoetryDbFile(t.db, scope, file);
    const items = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>[];
    expect(items).toHaveLength(result.poems);
    expect(items.length).toBe(63);
    for (const item of items) {
      expect(Object.keys(item)).toEqual(["title", "author", "lines", "linecount"]);
      expect(item.linecount).toBe(String((item.lines as string[]).length));
    }
    const shape = (rows: { title: string; author: string; content: string; line_count: number }[]) =>
      rows.map((r) => `${r.author}\u0000${r.title}\u0000${r.content}\u0000${r.line_count}`).sort();
    const original = await t.db
      .selectFrom("collection_poems")
      .innerJoin("poems", "poems.id", "collection_poems.poem_id")
      .innerJoin("poets", "poets.id", "poems.poet_id")
      .select(["poems.title", "poets.name as author", "poems.content", "poems.line_count"])
      .where("collection_poems.collection_id", "=", "a-shropshire-lad")
      .execute();
    const { fresh, report } = await importInto([file]);
    try {
      expect(report.errors).toEqual([]);
      const copied = await fresh.db
        .selectFrom("poems")
        .innerJoin("poets", "poets.id", "poems.poet_id")
        .select(["poems.title", "poets.name as author", "poems.content", "poems.line_count"])
        .execute();
      expect(shape(copied)).toEqual(shape(original));
    } finally {
      await fresh.destroy();
    }
  }, 60_000);

  it("epub: a real collection passes epubcheck, with Standard Ebooks' verse markup", async () => {
    const file = path.join(tempDir(), "shropshire.epub");
    const result = await exportEpub(t.db, await resolveScope(t.db, { kind: "collection", id: "a-shropshire-lad" }), file, {
      siteName: SITE,
    });
    expect(result.poems).toBeGreaterThan(50);
    const check = await epubcheck(file);
    expect(check.output).toContain("No errors or warnings detected");
    expect(check.ok).toBe(true);

    // The OCF rule: "mimetype" is the first entry, stored (method 0), with nothing but its bytes.
    const bytes = readFileSync(file);
    expect(bytes.readUInt32LE(0)).toBe(0x04034b50);
    expect(bytes.readUInt16LE(8)).toBe(0);
    expect(bytes.subarray(30, 38).toString()).toBe("mimetype");
    expect(bytes.readUInt16LE(28)).toBe(0);
    expect(bytes.subarray(38, 58).toString()).toBe("application/epub+zip");

    const entry = (name: string) => execFileSync("unzip", ["-p", file, name], { encoding: "utf8" });
    const opf = entry("EPUB/content.opf");
    expect(opf).toContain("<dc:title>A Shropshire Lad</dc:title>");
    expect(opf).toContain("<dc:creator id=\"creator\">A. E. Housman</dc:creator>");
    expect(opf).toContain("<dc:rights>Public domain in the United States.</dc:rights>");
    expect(opf).toContain("<dc:source>https://www.gutenberg.org/ebooks/5720</dc:source>");
    expect(opf).toMatch(/<meta property="dcterms:modified">\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ<\/meta>/);
    expect(opf).toMatch(/<dc:identifier id="uid">urn:uuid:[0-9a-f-]{36}<\/dc:identifier>/);
    const nav = entry("EPUB/nav.xhtml");
    expect(nav).toContain('epub:type="toc"');
    expect(entry("EPUB/text/titlepage.xhtml")).toContain('epub:type="titlepage"');

    const first = await t.db
      .selectFrom("collection_poems")
      .innerJoin("poems", "poems.id", "collection_poems.poem_id")
      .select(["poems.title", "poems.content"])
      .where("collection_id", "=", "a-shropshire-lad")
      .orderBy("sequence")
      .executeTakeFirstOrThrow();
    const poem = entry("EPUB/text/poem-0001.xhtml");
    expect(poem).toContain('<article id="poem-0001" epub:type="z3998:poem">');
    const stanzas = first.content.split(/\n\s*\n/);
    expect(poem.match(/<p>\n/g)?.length).toBe(stanzas.length);
    const lines = first.content.split("\n").filter((l) => l.trim() !== "");
    expect(poem.match(/<span[ >]/g)?.length).toBe(lines.length);
    // A <br/> between lines, none after a stanza's last.
    expect(poem.match(/<br\/>/g)?.length).toBe(lines.length - stanzas.length);
    const indented = lines.filter((l) => /^\s+/.test(l)).length;
    expect(indented).toBeGreaterThan(0);
    expect(poem.match(/<span class="i\d+">/g)?.length).toBe(indented);
    expect(entry("EPUB/css/poetry.css")).toContain("text-indent: -1em");
  }, 400_000);

  it("epub: a poet's book passes epubcheck and carries the facjure and Wikipedia notices", async () => {
    const file = path.join(tempDir(), "shelley.epub");
    const scope = await resolveScope(t.db, { kind: "poet", directory: "percy-bysshe-shelley" });
    const result = await exportEpub(t.db, scope, file, { siteName: SITE });
    expect(result.title).toBe("Poems by Percy Bysshe Shelley");
    const check = await epubcheck(file);
    expect(check.output).toContain("No errors or warnings detected");
    const notices = execFileSync("unzip", ["-p", file, "EPUB/text/notices.xhtml"], { encoding: "utf8" });
    const facjure = await t.db
      .selectFrom("poems")
      .innerJoin("poets", "poets.id", "poems.poet_id")
      .select(sql<number>`count(*)`.as("n"))
      .where("poets.directory", "=", "percy-bysshe-shelley")
      .where("poems.source", "=", "facjure/public-domain-poetry")
      .executeTakeFirstOrThrow();
    expect(Number(facjure.n) > 0).toBe(notices.includes("Priyatam Mudivarti"));
    expect(notices).toContain("CC BY-SA 4.0");
  }, 400_000);
});
