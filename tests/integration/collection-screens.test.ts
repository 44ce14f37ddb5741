import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { runImport } from "../../pipeline/import";
import { loader as collectionLoader } from "~/routes/collection";
import { type DB, setDb } from "~/server/db.server";
import {
  collectionPoemAt,
  countCollectionPoems,
  searchCollectionPoems,
  searchCollections,
} from "~/server/models/collection.server";
import { smallCorpus } from "../helpers/corpus";
import { createTestDb, type TestDb } from "../helpers/db";

/** The collection screens' queries and the collection page's loader, on the real small corpus. */

let testDb: TestDb;
let db: DB;
let corpusDir: string;

interface CorpusBook {
  title: string;
  poem_ids: string[];
}

function corpusBook(title: string): CorpusBook & { titles: string[] } {
  const books = readFileSync(path.join(corpusDir, "collections.jsonl"), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as CorpusBook);
  const book = books.find((b) => b.title === title);
  if (!book) throw new Error(`no collection ${title} in the small corpus`);
  const titles = new Map(
    readFileSync(path.join(corpusDir, "poems.jsonl"), "utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { id: string; title: string })
      .map((p) => [p.id, p.title]),
  );
  return { ...book, titles: book.poem_ids.map((id) => titles.get(id) ?? "?") };
}

beforeAll(async () => {
  testDb = await createTestDb();
  db = testDb.db;
  corpusDir = await smallCorpus();
  const report = await runImport(db, { paths: [corpusDir] });
  expect(report.errors).toEqual([]);
  setDb(db);
});

afterAll(async () => {
  await testDb?.destroy();
});

describe("searchCollections", () => {
  test("pages through every book by title, counting all of them", async () => {
    const first = await searchCollections(db, { page: 1, perPage: 2 });
    const rest = await searchCollections(db, { page: 2, perPage: 2 });
    const last = await searchCollections(db, { page: 3, perPage: 2 });
    expect(first.total).toBe(5);
    expect(first.overall).toBe(5);
    const titles = [...first.collections, ...rest.collections, ...last.collections].map((c) => c.title);
    expect(titles).toHaveLength(5);
    expect(new Set(titles).size).toBe(5);
    expect(titles[0]).toBe("A Boy's Will");
    expect(last.collections).toHaveLength(1);
  });

  test("matches the title or the author line, ignoring case, with wildcards taken literally", async () => {
    const byPoet = await searchCollections(db, { q: "HOUSMAN", page: 1, perPage: 12 });
    expect(byPoet.collections.map((c) => c.title)).toEqual(["A Shropshire Lad"]);
    expect(byPoet).toMatchObject({ total: 1, overall: 5 });
    const byTitle = await searchCollections(db, { q: "innocence", page: 1, perPage: 12 });
    expect(byTitle.collections.map((c) => c.title)).toEqual(["Songs of Innocence and of Experience"]);
    for (const q of ["%", "_", "\\"]) {
      expect((await searchCollections(db, { q, page: 1, perPage: 12 })).total).toBe(0);
    }
  });

  test("sorts by poem count and year in both directions", async () => {
    const most = await searchCollections(db, { sort: "count", order: "desc", page: 1, perPage: 12 });
    expect(most.collections.map((c) => c.poem_count)).toEqual([63, 60, 47, 32, 29]);
    const oldest = await searchCollections(db, { sort: "year", order: "asc", page: 1, perPage: 12 });
    expect(oldest.collections.map((c) => c.year)).toEqual([1794, 1817, 1846, 1896, 1913]);
    const byPoet = await searchCollections(db, { sort: "poet", page: 1, perPage: 12 });
    // By last name: the Brontës' book (no single poet) files under its first poet's, "brontë, anne".
    expect(byPoet.collections.map((c) => c.poet)).toEqual([
      "William Blake",
      "Anne Brontë & Charlotte Brontë & Emily Brontë",
      "Robert Frost",
      "A. E. Housman",
      "John Keats",
    ]);
  });
});

describe("searchCollectionPoems", () => {
  test("pages in book order with each poem's sequence number", async () => {
    const book = corpusBook("A Shropshire Lad");
    const page2 = await searchCollectionPoems(db, "a-shropshire-lad", { page: 2, perPage: 40 });
    expect(page2.total).toBe(63);
    expect(page2.poems.map((p) => p.sequence_number)).toEqual(Array.from({ length: 23 }, (_, i) => i + 41));
    expect(page2.poems.map((p) => p.title)).toEqual(book.titles.slice(40));
    const reversed = await searchCollectionPoems(db, "a-shropshire-lad", { order: "desc", page: 1, perPage: 3 });
    expect(reversed.poems.map((p) => p.sequence_number)).toEqual([63, 62, 61]);
  });

  test("filters titles case-insensitively and sorts by author", async () => {
    const found = await searchCollectionPoems(db, "a-shropshire-lad", { q: "LOVELIEST", page: 1, perPage: 12 });
    expect(found.total).toBe(1);
    expect(found.poems[0]).toMatchObject({ sequence_number: 2, title: "II. Loveliest of trees, the cherry now" });
    const brontes = await searchCollectionPoems(db, "poems-by-currer-ellis-and-acton-bell", {
      sort: "author",
      page: 1,
      perPage: 100,
    });
    const authors = brontes.poems.map((p) => p.author);
    expect(authors[0]).toBe("Anne Brontë");
    expect(authors.at(-1)).toBe("Emily Brontë");
    // Grouped: once a poet's poems end, they do not come back.
    expect(authors.filter((a, i) => a !== authors[i - 1])).toEqual(["Anne Brontë", "Charlotte Brontë", "Emily Brontë"]);
    expect((await searchCollectionPoems(db, "no-such-book", { page: 1, perPage: 12 })).total).toBe(0);
  });
});

describe("the reader's queries", () => {
  test("a position is a place in book order even when sequence numbers have gaps", async () => {
    const book = corpusBook("Poems (1817)");
    await db
      .insertInto("collections")
      .values({ id: "gappy", title: "Gappy", author: "Various", rights: "pd", anthology: true, content_hash: "x", sections: "[]" })
      .execute();
    await db
      .insertInto("collection_poems")
      .values([
        { collection_id: "gappy", poem_id: book.poem_ids[2], sequence: 7 },
        { collection_id: "gappy", poem_id: book.poem_ids[0], sequence: 1 },
        { collection_id: "gappy", poem_id: book.poem_ids[1], sequence: 3 },
      ])
      .execute();
    try {
      expect(await countCollectionPoems(db, "gappy")).toBe(3);
      const places = await Promise.all([0, 1, 2, 3].map((position) => collectionPoemAt(db, "gappy", position)));
      expect(places.map((p) => p?.poem.id ?? null)).toEqual([...book.poem_ids.slice(0, 3), null]);
      expect(places.map((p) => p?.sequence_number ?? null)).toEqual([1, 3, 7, null]);
      expect(places[0]?.poem.content.length).toBeGreaterThan(0);
    } finally {
      await db.deleteFrom("collections").where("id", "=", "gappy").execute();
    }
  });
});

describe("collection page loader", () => {
  const load = (pathAndQuery: string) => {
    const request = new Request(`http://localhost${pathAndQuery}`);
    const collectionId = new URL(request.url).pathname.split("/")[2];
    return collectionLoader({ request, params: { collectionId }, context: {} } as Parameters<typeof collectionLoader>[0]);
  };

  async function thrown(promise: Promise<unknown>): Promise<unknown> {
    try {
      await promise;
    } catch (error) {
      return error;
    }
    throw new Error("expected the loader to throw");
  }

  test("Read mode loads only the poem at the position, plus the book's length", async () => {
    const book = corpusBook("A Shropshire Lad");
    const data = await load("/collections/a-shropshire-lad?reading=true&position=4");
    if (data.mode !== "read") throw new Error("expected Read mode");
    expect(data.reader.position).toBe(4);
    expect(data.reader.total).toBe(63);
    expect(data.reader.poem?.id).toBe(book.poem_ids[4]);
    expect(JSON.stringify(data)).not.toContain(book.titles[5]);
    expect(data.reader.poemUrl).toBe(`http://localhost/poems/${data.reader.poem?.slug}`);
  });

  test("a position out of range or not a number redirects to the clamped one, keeping the other parameters", async () => {
    const cases: [string, string][] = [
      ["?reading=true&position=999", "?reading=true&position=62"],
      ["?view=list&reading=true&position=-3", "?view=list&reading=true&position=0"],
      ["?reading=true&position=abc", "?reading=true&position=0"],
      ["?reading=true", "?reading=true&position=0"],
    ];
    for (const [query, target] of cases) {
      const response = (await thrown(load(`/collections/a-shropshire-lad${query}`))) as Response;
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(`/collections/a-shropshire-lad${target}`);
    }
  });

  test("browse mode pages the book; a page past the end goes to the last page", async () => {
    const data = await load("/collections/a-shropshire-lad?view=list&page=2");
    if (data.mode !== "browse") throw new Error("expected browse mode");
    expect(data.poems.map((p) => p.sequence_number)[0]).toBe(41);
    expect(data).toMatchObject({ total: 63, pages: 2 });
    const response = (await thrown(load("/collections/a-shropshire-lad?view=list&page=9"))) as Response;
    expect(response.headers.get("Location")).toBe("/collections/a-shropshire-lad?view=list&page=2");
  });

  test("a missing collection is a 404", async () => {
    const error = (await thrown(load("/collections/no-such-book"))) as { init: ResponseInit | null; data: unknown };
    expect(error.init?.status).toBe(404);
    expect(error.data).toBe("Collection not found");
  });
});
