import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { createStaticHandler } from "react-router";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { runImport } from "../../pipeline/import";
import { createDb, type DB, setDb } from "~/server/db.server";
import { excerptOf, stripInlineMarkers } from "~/server/serialize.server";
import routes from "~/routes";
import { smallCorpus } from "../helpers/corpus";
import { createTestDb, type TestDb } from "../helpers/db";

/**
 * The /api routes of app/routes.ts served through React Router's own request handling (matching, ranking of
 * static segments over params, splats, trailing slashes), as the server build runs their loaders.
 */
async function createApiHandler() {
  const apiRoutes = routes.filter((route) => route.path?.startsWith("api/"));
  const dataRoutes = await Promise.all(
    apiRoutes.map(async (route) => {
      const module = (await import(path.resolve(import.meta.dirname, "../../app", route.file))) as {
        loader: (args: unknown) => Promise<Response> | Response;
        action?: (args: unknown) => Promise<Response> | Response;
      };
      return { id: route.file, path: route.path, loader: module.loader, action: module.action };
    }),
  );
  const handler = createStaticHandler(dataRoutes);
  return async (pathAndQuery: string, headers: Record<string, string> = {}, method = "GET") => {
    const payload = method === "GET" || method === "HEAD" ? undefined : "{}";
    const response = (await handler.queryRoute(
      new Request(`http://localhost${pathAndQuery}`, { headers, method, body: payload }),
    )) as Response;
    const text = await response.text();
    // Every answer, errors included, must be JSON (or empty for a 304).
    const body = text ? JSON.parse(text) : null;
    return { status: response.status, headers: response.headers, text, body };
  };
}

const PUBLIC_CACHE = "public, max-age=60, s-maxage=300, stale-while-revalidate=86400";
const LIST_ITEM_KEYS = [
  "author",
  "author_directory",
  "excerpt",
  "favorite_count",
  "id",
  "line_count",
  "slug",
  "title",
  "view_count",
  "year",
];

let testDb: TestDb;
let db: DB;
let api: Awaited<ReturnType<typeof createApiHandler>>;
let corpusDir: string;
let totalPoems: number;

async function ids(query: ReturnType<typeof sql<{ id: string }>>): Promise<string[]> {
  return (await query.execute(db)).rows.map((row) => row.id);
}

/** Walks every page of a list endpoint, returning the ids in the order served and the page answers. */
async function allPages(base: string, perPage: number) {
  const first = await api(`${base}${base.includes("?") ? "&" : "?"}per_page=${perPage}&page=1`);
  expect(first.status).toBe(200);
  const pages = [first.body];
  for (let page = 2; page <= first.body.total_pages; page++) {
    const next = await api(`${base}${base.includes("?") ? "&" : "?"}per_page=${perPage}&page=${page}`);
    expect(next.status).toBe(200);
    pages.push(next.body);
  }
  const key = "poems" in first.body ? "poems" : "poets";
  return { pages, ids: pages.flatMap((page) => page[key].map((item: { id: string | number }) => item.id)) };
}

function corpusCollection(title: string): { poem_ids: string[]; sections?: string[] } {
  const lines = readFileSync(path.join(corpusDir, "collections.jsonl"), "utf8").split("\n").filter(Boolean);
  const found = lines.map((line) => JSON.parse(line)).find((c) => c.title === title);
  if (!found) throw new Error(`collection ${title} not in the small corpus`);
  return found;
}

beforeAll(async () => {
  testDb = await createTestDb();
  db = testDb.db;
  corpusDir = await smallCorpus();
  const report = await runImport(db, { paths: [corpusDir] });
  expect(report.errors).toEqual([]);
  setDb(db);
  api = await createApiHandler();
  totalPoems = Number((await sql<{ n: number }>`select count(*) as n from poems`.execute(db)).rows[0].n);
  expect(totalPoems).toBeGreaterThan(200);
});

afterAll(async () => {
  await testDb?.destroy();
});

describe("GET /api/health and /api/stats", () => {
  test("health reports ok with a reachable database", async () => {
    const res = await api("/api/health");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok", database: "ok" });
  });

  test("stats counts poems, poets and collections", async () => {
    const res = await api("/api/stats");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ total_poems: totalPoems, total_poets: 9, total_collections: 5 });
    expect(res.headers.get("Cache-Control")).toBe(PUBLIC_CACHE);
  });
});

describe("GET /api/poems", () => {
  test("defaults to page 1 of 20 with page totals and list items without content", async () => {
    const res = await api("/api/poems");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(res.body).toMatchObject({ total: totalPoems, page: 1, per_page: 20 });
    expect(res.body.total_pages).toBe(Math.ceil(totalPoems / 20));
    expect(res.body.poems).toHaveLength(20);
    for (const poem of res.body.poems) {
      expect(Object.keys(poem).sort()).toEqual(LIST_ITEM_KEYS);
      expect(poem.excerpt.length).toBeGreaterThan(0);
      expect(poem.excerpt.length).toBeLessThanOrEqual(161);
    }
    const expected = await ids(sql<{ id: string }>`select id from poems order by title, id limit 20`);
    expect(res.body.poems.map((p: { id: string }) => p.id)).toEqual(expected);
  });

  test("pages cover every poem exactly once, the last page holding the remainder", async () => {
    const { pages, ids: served } = await allPages("/api/poems", 100);
    expect(pages).toHaveLength(Math.ceil(totalPoems / 100));
    expect(pages.at(-1).poems).toHaveLength(totalPoems % 100 || 100);
    expect(new Set(served).size).toBe(totalPoems);
    const past = await api(`/api/poems?per_page=100&page=${pages.length + 1}`);
    expect(past.status).toBe(200);
    expect(past.body.poems).toEqual([]);
  });

  test("per_page of exactly 1 and 100 are accepted", async () => {
    expect((await api("/api/poems?per_page=1")).body.poems).toHaveLength(1);
    expect((await api("/api/poems?per_page=1")).body.total_pages).toBe(totalPoems);
    expect((await api("/api/poems?per_page=100")).body.poems).toHaveLength(100);
  });

  test.each([
    ["per_page=0", "per_page"],
    ["per_page=101", "per_page"],
    ["per_page=-1", "per_page"],
    ["per_page=abc", "per_page"],
    ["per_page=1.5", "per_page"],
    ["per_page=", "per_page"],
    ["page=0", "page"],
    ["page=-3", "page"],
    ["page=abc", "page"],
    ["page=99999999999999999999", "page"],
    ["sort=popularity", "sort"],
    ["order=sideways", "order"],
  ])("?%s is a 400 naming %s", async (query, parameter) => {
    const res = await api(`/api/poems?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.parameter).toBe(parameter);
    expect(res.body.error).toContain(parameter);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(res.headers.get("ETag")).toBeNull();
  });

  test("sort=title with each order matches the title order, ties broken by id", async () => {
    const asc = await allPages("/api/poems?sort=title", 100);
    expect(asc.ids).toEqual(await ids(sql<{ id: string }>`select id from poems order by title, id`));
    const desc = await allPages("/api/poems?sort=title&order=desc", 100);
    expect(desc.ids).toEqual(await ids(sql<{ id: string }>`select id from poems order by title desc, id`));
  });

  test("sort=year puts poems by year, undated last, in both orders", async () => {
    for (const order of ["asc", "desc"] as const) {
      const { pages } = await allPages(`/api/poems?sort=year&order=${order}`, 100);
      const years: (number | null)[] = pages.flatMap((p) => p.poems.map((poem: { year: number | null }) => poem.year));
      const dated = years.filter((y): y is number => y !== null);
      expect(years.slice(0, dated.length)).toEqual(dated);
      expect(dated).toEqual([...dated].sort((a, b) => (order === "asc" ? a - b : b - a)));
      expect(new Set(dated).size).toBeGreaterThan(2);
    }
  });

  test("sort=author groups poems by poet sort name", async () => {
    const asc = await allPages("/api/poems?sort=author", 100);
    const expected = await ids(sql<{ id: string }>`
      select poems.id from poems join poets on poets.id = poems.poet_id
      order by poets.sort_name, poets.name, poems.title, poems.id`);
    expect(asc.ids).toEqual(expected);
    const desc = await api("/api/poems?sort=author&order=desc&per_page=1");
    const last = await api(`/api/poems?sort=author&per_page=1&page=${totalPoems}`);
    expect(desc.body.poems[0].author_directory).toBe(last.body.poems[0].author_directory);
    expect(asc.pages[0].poems[0].author_directory).not.toBe(desc.body.poems[0].author_directory);
  });

  test("sort=likes orders by favorites then views, most first by default", async () => {
    const [a, b, c] = await ids(sql<{ id: string }>`select id from poems order by id desc limit 3`);
    await sql`update poems set favorite_count = 7, view_count = 1 where id = ${a}`.execute(db);
    await sql`update poems set favorite_count = 7, view_count = 50 where id = ${b}`.execute(db);
    await sql`update poems set favorite_count = 9, view_count = 0 where id = ${c}`.execute(db);
    try {
      const res = await api("/api/poems?sort=likes&per_page=3");
      expect(res.body.poems.map((p: { id: string }) => p.id)).toEqual([c, b, a]);
      expect(res.body.poems[0]).toMatchObject({ favorite_count: 9, view_count: 0 });
      const asc = await allPages("/api/poems?sort=likes&order=asc", 100);
      expect(asc.ids.slice(-3)).toEqual([a, b, c]);
      expect(new Set(asc.ids).size).toBe(totalPoems);
    } finally {
      await sql`update poems set favorite_count = 0, view_count = 0 where id in (${a}, ${b}, ${c})`.execute(db);
    }
  });

  test("sort and order are case-insensitive", async () => {
    const res = await api("/api/poems?sort=TITLE&order=Desc&per_page=5");
    expect(res.status).toBe(200);
    const expected = await ids(sql<{ id: string }>`select id from poems order by title desc, id limit 5`);
    expect(res.body.poems.map((p: { id: string }) => p.id)).toEqual(expected);
  });
});

describe("GET /api/poems/{id}", () => {
  test("finds a poem by id and by slug, with the full shape and its collection", async () => {
    const lad = corpusCollection("A Shropshire Lad");
    const id = lad.poem_ids[1];
    const byId = await api(`/api/poems/${id}`);
    expect(byId.status).toBe(200);
    const poem = byId.body;
    expect(Object.keys(poem).sort()).toEqual(
      [
        "author",
        "author_directory",
        "collections",
        "content",
        "editor",
        "editorial_note",
        "favorite_count",
        "flags",
        "front_matter",
        "id",
        "line_count",
        "note",
        "rights",
        "slug",
        "source",
        "subtitle",
        "title",
        "translator",
        "view_count",
        "year",
      ].sort(),
    );
    expect(poem).toMatchObject({ id, author: "A. E. Housman", author_directory: "a-e-housman", rights: "pd" });
    expect(poem.content.length).toBeGreaterThan(50);
    expect(Array.isArray(poem.flags)).toBe(true);
    expect(poem.source).toEqual({
      edition: "gutenberg:5720",
      repository: "GITenberg/A-Shropshire-Lad_5720",
      path: "5720.txt",
      commit: "16cf2f54dc1aca84de98611af77606a75cbf9818",
    });
    expect(poem.collections).toEqual([
      { id: "a-shropshire-lad", title: "A Shropshire Lad", year: 1896, sequence_number: 2, section: null },
    ]);

    const bySlug = await api(`/api/poems/${poem.slug}`);
    expect(bySlug.status).toBe(200);
    expect(bySlug.body).toEqual(poem);
  });

  test("a poem in a book with sections names its section", async () => {
    const songs = corpusCollection("Songs of Innocence and of Experience");
    const res = await api(`/api/poems/${songs.poem_ids.at(-1)}`);
    expect(res.body.collections).toEqual([
      expect.objectContaining({
        id: "songs-of-innocence-and-of-experience",
        sequence_number: songs.poem_ids.length,
        section: "Songs of Experience",
      }),
    ]);
  });

  test("unknown ids and slugs are JSON 404s", async () => {
    for (const key of ["000000000000", "no-such-poem", "%E2%98%83"]) {
      const res = await api(`/api/poems/${key}`);
      expect(res.status).toBe(404);
      expect(res.body.error).toEqual(expect.any(String));
      expect(res.headers.get("Cache-Control")).toBe("no-store");
    }
  });

  test("an absurdly long id is a 400 naming id", async () => {
    const res = await api(`/api/poems/${"x".repeat(500)}`);
    expect(res.status).toBe(400);
    expect(res.body.parameter).toBe("id");
  });
});

describe("GET /api/poems/random and /api/poems/popular", () => {
  test("random returns real poems in the full shape and is never cached", async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 15; i++) {
      const res = await api("/api/poems/random");
      expect(res.status).toBe(200);
      expect(res.headers.get("Cache-Control")).toBe("no-store");
      const stored = await sql<{ title: string }>`select title from poems where id = ${res.body.id}`.execute(db);
      expect(stored.rows[0]?.title).toBe(res.body.title);
      expect(res.body.content.length).toBeGreaterThan(0);
      expect(Array.isArray(res.body.collections)).toBe(true);
      seen.add(res.body.id);
    }
    expect(seen.size).toBeGreaterThan(1);
  });

  test("popular follows favorite_count, then view_count, then id", async () => {
    const [a, b, c] = await ids(sql<{ id: string }>`select id from poems order by id limit 3 offset 10`);
    await sql`update poems set favorite_count = 5, view_count = 2 where id = ${a}`.execute(db);
    await sql`update poems set favorite_count = 5, view_count = 10 where id = ${b}`.execute(db);
    await sql`update poems set favorite_count = 3, view_count = 0 where id = ${c}`.execute(db);
    try {
      const res = await api("/api/poems/popular?limit=4");
      expect(res.status).toBe(200);
      const served = res.body.poems.map((p: { id: string }) => p.id);
      expect(served.slice(0, 3)).toEqual([b, a, c]);
      expect(served).toHaveLength(4);
      expect(Object.keys(res.body.poems[0]).sort()).toEqual(LIST_ITEM_KEYS);
      expect(res.body.poems[0]).toMatchObject({ favorite_count: 5, view_count: 10 });
      expect((await api("/api/poems/popular")).body.poems).toHaveLength(20);
      expect((await api("/api/poems/popular?limit=100")).body.poems).toHaveLength(100);
    } finally {
      await sql`update poems set favorite_count = 0, view_count = 0 where id in (${a}, ${b}, ${c})`.execute(db);
    }
  });

  test.each(["limit=0", "limit=101", "limit=x"])("popular ?%s is a 400 naming limit", async (query) => {
    const res = await api(`/api/poems/popular?${query}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ parameter: "limit", error: expect.stringContaining("limit") });
  });
});

describe("GET /api/authors", () => {
  const POET_KEYS = [
    "biography",
    "biography_license",
    "biography_source",
    "birth_date",
    "death_date",
    "description",
    "directory",
    "directory_name",
    "id",
    "meta_data",
    "name",
    "poem_count",
    "primary_image_url",
  ];

  test("lists poets by sort name with page totals", async () => {
    const res = await api("/api/authors");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 9, total_pages: 1, page: 1, per_page: 20 });
    const expected = (
      await sql<{ directory: string }>`select directory from poets order by sort_name, name, id`.execute(db)
    ).rows.map((r) => r.directory);
    expect(res.body.poets.map((p: { directory: string }) => p.directory)).toEqual(expected);
    expect(Object.keys(res.body.poets[0]).sort()).toEqual(POET_KEYS);
    for (const poet of res.body.poets) expect(poet.directory_name).toBe(poet.directory);
  });

  test("paging by 4 gives 3 pages without overlap", async () => {
    const { pages, ids: served } = await allPages("/api/authors", 4);
    expect(pages.map((p) => p.poets.length)).toEqual([4, 4, 1]);
    expect(pages[0].total_pages).toBe(3);
    expect(new Set(served).size).toBe(9);
  });

  test("sort=count puts the most prolific first, order=asc reverses it", async () => {
    const desc = await api("/api/authors?sort=count");
    const counts = desc.body.poets.map((p: { poem_count: number }) => p.poem_count);
    expect(counts).toEqual([...counts].sort((x, y) => y - x));
    expect(desc.body.poets[0]).toMatchObject({ directory: "a-e-housman", poem_count: 63 });
    const asc = await api("/api/authors?sort=count&order=asc");
    expect(asc.body.poets[0].poem_count).toBe(Math.min(...counts));
    const byName = await api("/api/authors?sort=name&order=desc");
    expect(byName.body.poets.map((p: { id: number }) => p.id)).toEqual(
      (await sql<{ id: number }>`select id from poets order by sort_name desc, name desc, id`.execute(db)).rows.map(
        (r) => r.id,
      ),
    );
  });

  test.each(["sort=age", "order=up", "per_page=0", "per_page=101", "page=0"])("?%s is a 400", async (query) => {
    const res = await api(`/api/authors?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.parameter).toBe(query.split("=")[0]);
  });

  test("a poet by directory, with or without a trailing slash", async () => {
    const res = await api("/api/authors/john-keats");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: "John Keats",
      directory: "john-keats",
      directory_name: "john-keats",
      poem_count: 29,
    });
    expect(res.body.meta_data).toHaveProperty("wikipedia_url");
    expect(res.body.meta_data.wikipedia_url).toMatch(/^https:\/\/en\.wikipedia\.org\//);
    const slashed = await api("/api/authors/john-keats/");
    expect(slashed.status).toBe(200);
    expect(slashed.body).toEqual(res.body);
  });

  test("an unknown poet is a 404, for the poet and for their poems", async () => {
    for (const url of ["/api/authors/nobody-at-all", "/api/authors/nobody-at-all/poems"]) {
      const res = await api(url);
      expect(res.status).toBe(404);
      expect(res.body.error).toContain("nobody-at-all");
    }
  });

  test("a poet's poems come by title in pages, with a trailing slash too", async () => {
    const expected = await ids(sql<{ id: string }>`
      select poems.id from poems join poets on poets.id = poems.poet_id
      where poets.directory = 'a-e-housman' order by poems.title, poems.id`);
    expect(expected).toHaveLength(63);
    const { pages, ids: served } = await allPages("/api/authors/a-e-housman/poems", 25);
    expect(pages.map((p) => p.poems.length)).toEqual([25, 25, 13]);
    expect(pages[0]).toMatchObject({ total: 63, total_pages: 3, per_page: 25 });
    expect(served).toEqual(expected);
    for (const poem of pages[0].poems) expect(poem.author_directory).toBe("a-e-housman");
    const slashed = await api("/api/authors/a-e-housman/poems/?per_page=5");
    expect(slashed.status).toBe(200);
    expect(slashed.body.poems.map((p: { id: string }) => p.id)).toEqual(expected.slice(0, 5));
    const bad = await api("/api/authors/a-e-housman/poems?per_page=500");
    expect(bad.status).toBe(400);
    expect(bad.body.parameter).toBe("per_page");
  });
});

describe("GET /api/collections", () => {
  test("lists every book with its poet; anthologies and multi-author books have no poet_directory", async () => {
    const res = await api("/api/collections");
    expect(res.status).toBe(200);
    expect(res.body.collections).toHaveLength(5);
    const byId = Object.fromEntries(res.body.collections.map((c: { id: string }) => [c.id, c]));
    expect(byId["a-shropshire-lad"]).toEqual({
      id: "a-shropshire-lad",
      title: "A Shropshire Lad",
      year: 1896,
      poet: "A. E. Housman",
      poet_directory: "a-e-housman",
      editor: null,
      description: expect.toSatisfy((d: unknown) => d === null || typeof d === "string"),
      rights: "pd",
      anthology: false,
      poem_count: 63,
    });
    expect(byId["a-boys-will"]).toMatchObject({ rights: "pd_us_only", poet_directory: "robert-frost" });
    expect(byId["poems-by-currer-ellis-and-acton-bell"]).toMatchObject({ poet_directory: null, poem_count: 60 });
  });

  test("a collection has its sections and source", async () => {
    const res = await api("/api/collections/poems-1817");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: "poems-1817",
      title: "Poems (1817)",
      poet_directory: "john-keats",
      sections: ["Poems", "Epistles", "Sonnets"],
      source: {
        repository: "GITenberg/Poems-1817_8209",
        path: "8209.txt",
        commit: "7f9a1fb3d6830f6e1aef81ceda5a2f653f520a5f",
        gutenberg_id: 8209,
      },
    });
  });

  test("a collection's poems come in book order with sequence numbers and sections", async () => {
    const book = corpusCollection("Poems by Currer, Ellis, and Acton Bell");
    const res = await api("/api/collections/poems-by-currer-ellis-and-acton-bell/poems");
    expect(res.status).toBe(200);
    expect(res.body.poems.map((p: { id: string }) => p.id)).toEqual(book.poem_ids);
    expect(res.body.poems.map((p: { sequence_number: number }) => p.sequence_number)).toEqual(
      book.poem_ids.map((_, i) => i + 1),
    );
    expect(Object.keys(res.body.poems[0]).sort()).toEqual(
      [...LIST_ITEM_KEYS, "number", "section", "sequence_number"].sort(),
    );
    expect(res.body.poems[0].section).toBe("Poems by Currer Bell");
    expect(res.body.poems.at(-1).section).toBe("Poems by Acton Bell");
    expect(new Set(res.body.poems.map((p: { author_directory: string }) => p.author_directory))).toEqual(
      new Set(["anne-bronte", "charlotte-bronte", "emily-bronte"]),
    );
  });

  test("unknown collections are 404s", async () => {
    for (const url of ["/api/collections/no-such-book", "/api/collections/no-such-book/poems"]) {
      const res = await api(url);
      expect(res.status).toBe(404);
      expect(res.body.error).toContain("no-such-book");
    }
  });

  test("a poem in several collections lists all of them, oldest book first", async () => {
    const keats = corpusCollection("Poems (1817)");
    const poemId = keats.poem_ids[3];
    await db
      .insertInto("collections")
      .values({
        id: "test-treasury",
        title: "A Test Treasury",
        year: 1861,
        author: "Various",
        rights: "pd",
        anthology: true,
        sections: JSON.stringify(["Romantics"]),
        poem_count: 2,
        content_hash: "test",
      })
      .execute();
    await db
      .insertInto("collection_poems")
      .values([
        { collection_id: "test-treasury", poem_id: keats.poem_ids[0], sequence: 1, section: "Romantics", number: "I" },
        { collection_id: "test-treasury", poem_id: poemId, sequence: 2, section: "Romantics", number: "II" },
      ])
      .execute();
    try {
      const res = await api(`/api/poems/${poemId}`);
      expect(res.body.collections).toEqual([
        { id: "poems-1817", title: "Poems (1817)", year: 1817, sequence_number: 4, section: expect.any(String) },
        { id: "test-treasury", title: "A Test Treasury", year: 1861, sequence_number: 2, section: "Romantics" },
      ]);
      const book = await api("/api/collections/test-treasury");
      expect(book.body).toMatchObject({
        anthology: true,
        poet: "Various",
        poet_directory: null,
        sections: ["Romantics"],
      });
      const poems = await api("/api/collections/test-treasury/poems");
      expect(poems.body.poems.map((p: { id: string; number: string }) => [p.id, p.number])).toEqual([
        [keats.poem_ids[0], "I"],
        [poemId, "II"],
      ]);
    } finally {
      await db.deleteFrom("collections").where("id", "=", "test-treasury").execute();
    }
  });
});

describe("unknown /api paths", () => {
  test.each(["/api/nothing-here", "/api/poems/abc/def", "/api/authors/john-keats/poems/extra", "/api/"])(
    "%s is a JSON 404",
    async (url) => {
      const res = await api(url);
      expect(res.status).toBe(404);
      expect(res.body.error).toEqual(expect.any(String));
      expect(res.headers.get("Cache-Control")).toBe("no-store");
    },
  );
});

describe("the read-only API and other methods", () => {
  test.each([
    ["POST", "/api/poems"],
    ["PUT", "/api/authors/john-keats"],
    ["DELETE", "/api/collections/a-shropshire-lad"],
    ["PATCH", "/api/health"],
  ])("%s %s is a JSON 405 naming GET and HEAD", async (method, url) => {
    const res = await api(url, { "Content-Type": "application/json" }, method);
    expect(res.status).toBe(405);
    expect(res.headers.get("Allow")).toBe("GET, HEAD");
    expect(res.body.error).toMatch(/GET and HEAD/);
  });

  test("a write to an unknown API path is a JSON 404", async () => {
    const res = await api("/api/nowhere", {}, "POST");
    expect(res.status).toBe(404);
    expect(res.body.error).toMatch(/No API endpoint/);
  });
});

describe("caching", () => {
  test("reads carry a strong ETag and public cache headers; a matching If-None-Match gets an empty 304", async () => {
    const first = await api("/api/poems?per_page=5");
    const etag = first.headers.get("ETag");
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(first.headers.get("Cache-Control")).toBe(PUBLIC_CACHE);

    const again = await api("/api/poems?per_page=5");
    expect(again.headers.get("ETag")).toBe(etag);

    const cached = await api("/api/poems?per_page=5", { "If-None-Match": etag! });
    expect(cached.status).toBe(304);
    expect(cached.text).toBe("");
    expect(cached.headers.get("ETag")).toBe(etag);
    expect(cached.headers.get("Cache-Control")).toBe(PUBLIC_CACHE);

    const listed = await api("/api/poems?per_page=5", { "If-None-Match": `"stale", W/${etag}` });
    expect(listed.status).toBe(304);

    const other = await api("/api/poems?per_page=6", { "If-None-Match": etag! });
    expect(other.status).toBe(200);
    expect(other.headers.get("ETag")).not.toBe(etag);
  });

  test("a change in the data changes the ETag", async () => {
    const id = (await ids(sql<{ id: string }>`select id from poems order by id limit 1`))[0];
    const before = await api(`/api/poems/${id}`);
    await sql`update poems set view_count = view_count + 1 where id = ${id}`.execute(db);
    try {
      const after = await api(`/api/poems/${id}`, { "If-None-Match": before.headers.get("ETag")! });
      expect(after.status).toBe(200);
      expect(after.body.view_count).toBe(before.body.view_count + 1);
    } finally {
      await sql`update poems set view_count = 0 where id = ${id}`.execute(db);
    }
  });

  test("every read endpoint sets the headers", async () => {
    for (const url of [
      "/api/stats",
      "/api/poems/popular",
      "/api/authors",
      "/api/authors/william-blake",
      "/api/authors/william-blake/poems",
      "/api/collections",
      "/api/collections/a-boys-will",
      "/api/collections/a-boys-will/poems",
    ]) {
      const res = await api(url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get("Cache-Control"), url).toBe(PUBLIC_CACHE);
      expect(res.headers.get("ETag"), url).toMatch(/^"/);
    }
  });
});

describe("excerpts", () => {
  test("inline markers are stripped and long text is cut near 160 characters", () => {
    expect(stripInlineMarkers("***Lo*** the **bold**, *soft*, _under_ x^2^ H~2~O")).toBe(
      "Lo the bold, soft, under x2 H2O",
    );
    expect(stripInlineMarkers("snake_case_name stays")).toBe("snake_case_name stays");
    const long = excerptOf(`${"word ".repeat(60)}`);
    expect(long.length).toBeLessThanOrEqual(161);
    expect(long.endsWith("…")).toBe(true);
    expect(excerptOf("Two lines\nof verse")).toBe("Two lines of verse");
  });

  test("list items carry a marker-free excerpt of the stored content", async () => {
    const id = (await ids(sql<{ id: string }>`select id from poems order by title, id limit 1`))[0];
    const original = await sql<{ content: string }>`select content from poems where id = ${id}`.execute(db);
    await sql`update poems set content = ${"***Hail*** to thee, **blithe** _Spirit_!\nBird ^thou^ never ~wert~"} where id = ${id}`.execute(
      db,
    );
    try {
      const res = await api("/api/poems?per_page=1");
      expect(res.body.poems[0].excerpt).toBe("Hail to thee, blithe Spirit! Bird thou never wert");
      const full = await api(`/api/poems/${id}`);
      expect(full.body.content).toContain("***Hail***");
      // Deep indentation fills the fetched start with spaces: the excerpt must still show the poem goes on.
      await sql`update poems set content = ${`A short first line\n${" ".repeat(500)}and the rest`} where id = ${id}`.execute(
        db,
      );
      const indented = await api("/api/poems?per_page=1");
      expect(indented.body.poems[0].excerpt).toBe("A short first line…");
    } finally {
      await sql`update poems set content = ${original.rows[0].content} where id = ${id}`.execute(db);
    }
  });
});

describe("an unavailable database", () => {
  test("health is a fast 503 and reads are 503s, not 500s", async () => {
    const down = createDb({ databaseUrl: "postgres://postgres@127.0.0.1:1/none" });
    setDb(down);
    try {
      const started = Date.now();
      const health = await api("/api/health");
      expect(health.status).toBe(503);
      expect(health.body).toEqual({ status: "error", database: "unreachable" });
      expect(health.headers.get("Cache-Control")).toBe("no-store");
      expect(Date.now() - started).toBeLessThan(5_000);
      for (const url of ["/api/stats", "/api/poems", "/api/poems/random", "/api/authors/john-keats"]) {
        const res = await api(url);
        expect(res.status, url).toBe(503);
        expect(res.body.error).toEqual(expect.any(String));
      }
      // Validation still answers first: a bad parameter is the client's problem whatever the database does.
      expect((await api("/api/poems?per_page=0")).status).toBe(400);
    } finally {
      setDb(db);
      await down.destroy();
    }
  });

  test("a closed database is a 503 too", async () => {
    const closed = createDb({ pgliteDir: "memory://" });
    await sql`select 1`.execute(closed); // opens it, so destroy() really closes something
    await closed.destroy();
    setDb(closed);
    try {
      expect((await api("/api/health")).status).toBe(503);
      expect((await api("/api/collections")).status).toBe(503);
    } finally {
      setDb(db);
    }
  });

  test("a database without the schema (never migrated) is a 503, not a 500", async () => {
    const empty = createDb({ pgliteDir: "memory://" });
    setDb(empty);
    try {
      const res = await api("/api/collections");
      expect(res.status).toBe(503);
      expect(res.headers.get("Cache-Control")).toBe("no-store");
    } finally {
      setDb(db);
      await empty.destroy();
    }
  });
});
