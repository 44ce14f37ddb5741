import { readFileSync } from "node:fs";
import path from "node:path";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider, useLoaderData } from "react-router";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { runImport } from "../../pipeline/import";
import { SearchScreen, type SearchScreenData } from "~/components/search/search-results";
import { loader as authorLoader } from "~/routes/author";
import { loader as poemsLoader } from "~/routes/poems";
import { loader } from "~/routes/search";
import { type DB, setDb } from "~/server/db.server";
import { smallCorpus } from "../helpers/corpus";
import { createTestDb, type TestDb } from "../helpers/db";

/**
 * The /search page on the real small corpus: its loader (the same `search` the API uses, no HTTP) and the
 * HTML the server renders from it — results, tab counts, the default tab, numbered pages for readers
 * without JavaScript, and the redirect home without a query.
 */

let testDb: TestDb;
let db: DB;
let poems: { id: string; title: string; author: string; content: string }[];

beforeAll(async () => {
  testDb = await createTestDb();
  db = testDb.db;
  const corpusDir = await smallCorpus();
  const report = await runImport(db, { paths: [corpusDir] });
  expect(report.errors).toEqual([]);
  setDb(db);
  poems = readFileSync(path.join(corpusDir, "poems.jsonl"), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line));
});

afterAll(async () => {
  await testDb?.destroy();
});

type LoaderArgs = Parameters<typeof loader>[0];

function load(pathAndQuery: string) {
  return loader({ request: new Request(`http://localhost${pathAndQuery}`), params: {}, context: {} } as LoaderArgs);
}

async function thrown(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the loader to throw");
}

/** The page's HTML as the server renders it: React Router's static handler runs the loader, then React renders. */
async function html(pathAndQuery: string): Promise<{ status: number; body: string; location: string | null }> {
  function Page() {
    return createElement(SearchScreen, { data: useLoaderData() as SearchScreenData });
  }
  const routes = [{ id: "search", path: "/search", loader: loader as never, Component: Page }];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${pathAndQuery}`));
  if (context instanceof Response) {
    return { status: context.status, body: "", location: context.headers.get("Location") };
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const body = renderToString(createElement(StaticRouterProvider, { router, context, hydrate: false }));
  return { status: context.statusCode, body, location: null };
}

const containing = (word: RegExp) => poems.filter((p) => word.test(p.content));

describe("/search loader", () => {
  test("without a query, or with one shorter than 2 characters, it goes home", async () => {
    for (const query of ["", "?q=", "?q=%20%20", "?q=a", "?q=%20b%20", "?tab=poets"]) {
      const response = (await thrown(load(`/search${query}`))) as Response;
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/");
    }
  });

  test("counts every tab and shows Poems first when it has hits", async () => {
    const data = await load("/search?q=ozymandias");
    expect(data.tab).toBe("poems");
    expect(data.totals.poems).toBe(1);
    if (data.items.tab !== "poems") throw new Error("expected poems");
    expect(data.items.poems.map((p) => p.title)).toEqual(["Ozymandias of Egypt"]);
  });

  test("a word found only in poems' lines opens Content Matches, with marked snippets", async () => {
    const expected = containing(/\bsunburnt\b/i);
    expect(expected.length).toBeGreaterThan(0);
    const data = await load("/search?q=sunburnt");
    expect(data.totals).toMatchObject({ poems: 0, poets: 0, contents: expected.length });
    expect(data.tab).toBe("contents");
    if (data.items.tab !== "contents") throw new Error("expected contents");
    expect(data.items.contents.map((c) => c.id).sort()).toEqual(expected.map((p) => p.id).sort());
    for (const hit of data.items.contents) {
      expect(hit.snippet.filter((s) => s.match).map((s) => s.text.toLowerCase())).toContain("sunburnt");
    }
  });

  test("a tab in the URL is kept even when another would be the default", async () => {
    const data = await load("/search?q=keats&tab=poets");
    expect(data.tab).toBe("poets");
    if (data.items.tab !== "poets") throw new Error("expected poets");
    expect(data.items.poets.map((p) => p.name)).toContain("John Keats");
  });

  test("pages of 50 cards or 100 rows; a page past the end goes to the last one", async () => {
    const first = await load("/search?q=love&tab=contents");
    const total = first.totals.contents;
    expect(total).toBeGreaterThan(100);
    expect(total).toBeLessThan(1000);
    const pages = Math.ceil(total / 50);
    expect(first.pages).toBe(pages);
    const ids: string[] = [];
    for (let page = 1; page <= pages; page++) {
      const data = await load(`/search?q=love&tab=contents&page=${page}`);
      if (data.items.tab !== "contents") throw new Error("expected contents");
      expect(data.items.contents).toHaveLength(page < pages ? 50 : total - 50 * (pages - 1));
      expect(data.hasMore).toBe(page < pages);
      ids.push(...data.items.contents.map((c) => c.id));
    }
    expect(new Set(ids).size).toBe(total);
    const list = await load("/search?q=love&tab=contents&view=list");
    expect(list.pages).toBe(Math.ceil(total / 100));
    if (list.items.tab !== "contents") throw new Error("expected contents");
    expect(list.items.contents).toHaveLength(100);
    const past = (await thrown(load("/search?q=love&tab=contents&page=70"))) as Response;
    expect(past.headers.get("Location")).toBe(`/search?q=love&tab=contents&page=${pages}`);
  });

  test("the filters reach the search: Search In, time period, sort and direction", async () => {
    const titlesOnly = await load("/search?q=keats&type=title");
    expect(titlesOnly.totals.poets).toBe(0);
    expect(titlesOnly.totals.contents).toBe(0);
    const titlesBy = async (dir: string) => {
      const data = await load(`/search?q=keats&type=author&tab=poems&sort=title${dir}`);
      if (data.items.tab !== "poems") throw new Error("expected poems");
      expect(data.items.poems.every((p) => p.author === "John Keats")).toBe(true);
      return data.items.poems.map((p) => p.title);
    };
    const ascending = await titlesBy("");
    const descending = await titlesBy("&dir=desc");
    expect(ascending.length).toBeGreaterThan(5);
    expect(new Set(descending)).toEqual(new Set(ascending));
    expect(descending[0]).toBe(ascending.at(-1));
    expect(descending.at(-1)).toBe(ascending[0]);
    const modern = await load("/search?q=love&tab=contents&time_period=post-1900");
    const old = await load("/search?q=love&tab=contents&time_period=pre-1800");
    expect(modern.totals.contents + old.totals.contents).toBeLessThan((await load("/search?q=love")).totals.contents);
  });

  test("hostile input and bad parameters never fail: they fall back to defaults", async () => {
    for (const q of ["'; drop table poems; --", "\"unclosed", "&|!:*()", "💥💥", "<script>alert(1)</script>", "x".repeat(10_000)]) {
      const data = await load(`/search?${new URLSearchParams({ q, tab: "nope", view: "grid", sort: "evil", page: "-1" })}`);
      expect(data.params).toMatchObject({ view: "cards", sort: "relevance", page: 1, tab: null });
    }
  });
});

describe("/search HTML", () => {
  test("shows the results, the tab counts and the chosen tab", async () => {
    const { status, body } = await html("/search?q=ozymandias");
    expect(status).toBe(200);
    expect(body).toContain("Ozymandias of Egypt");
    expect(body).toMatch(/aria-current="page"[^>]*data-tab="poems"|data-tab="poems"[^>]*aria-current="page"/);
    expect(body).toMatch(/Poems <span class="search-tabs__count">1<\/span>/);
    expect(body).toContain("Content Matches");
    expect(body).toContain('href="/poems/');
  });

  test("content matches mark the matched words as elements, never as raw HTML", async () => {
    const { body } = await html("/search?q=sunburnt");
    expect(body).toMatch(/<mark class="search-mark">sunburnt<\/mark>/i);
    const hostile = await html(`/search?q=${encodeURIComponent("<b>sunburnt</b>")}`);
    expect(hostile.body).not.toContain("<b>sunburnt</b>");
    expect(hostile.body).toContain("&lt;b&gt;sunburnt&lt;/b&gt;");
  });

  test("readers without JavaScript get numbered pages that keep the query and tab", async () => {
    const { body } = await html("/search?q=love&tab=contents");
    expect(body).toContain('aria-label="Result pages"');
    expect(body).toContain('href="/search?q=love&amp;tab=contents&amp;page=2"');
    expect(body).toMatch(/<form[^>]*action="\/search"[^>]*method="get"|<form[^>]*method="get"[^>]*action="\/search"/);
    expect((body.match(/class="content-hit"/g) ?? []).length).toBe(50);
  });

  test("no hits: 'No results found for \"{q}\"'; a redirect without q", async () => {
    const { body } = await html("/search?q=zzqxjvw");
    expect(body).toContain("No results found for &quot;zzqxjvw&quot;");
    const home = await html("/search?q=");
    expect(home.status).toBe(302);
    expect(home.location).toBe("/");
  });
});

describe("the title filters of /poems and the poet page use the site's title search", () => {
  async function poetPage(query: string) {
    const { directory } = await db
      .selectFrom("poets")
      .select("directory")
      .where("name", "=", "A. E. Housman")
      .executeTakeFirstOrThrow();
    const request = new Request(`http://localhost/authors/${directory}${query}`);
    return authorLoader({ request, params: { "*": directory }, context: {} } as Parameters<typeof authorLoader>[0]);
  }

  test("poet page: a case-insensitive substring, A-Z or Z-A", async () => {
    const housman = poems.filter((p) => p.author === "A. E. Housman");
    const the = housman.filter((p) => p.title.toLowerCase().includes("the"));
    const data = await poetPage("?q=THE&view=list");
    expect(data.matched).toBe(the.length);
    const desc = await poetPage("?q=the&view=list&dir=desc");
    expect(desc.matched).toBe(the.length);
    expect(desc.poems[0].title).not.toBe(data.poems[0].title);
    const one = await poetPage("?q=loveliest");
    expect(one.poems.map((p) => p.title)).toEqual(["II. Loveliest of trees, the cherry now"]);
  });

  test("poet page: a slip in the title still finds the poem when no title contains the text", async () => {
    const data = await poetPage("?q=lovelist");
    expect(data.poems.map((p) => p.title)).toContain("II. Loveliest of trees, the cherry now");
    expect((await poetPage("?q=no such title at all")).matched).toBe(0);
  });

  test("catalogue: fuzzy on title", async () => {
    const request = new Request("http://localhost/poems?q=ozymandius");
    const data = await poemsLoader({ request, params: {}, context: {} } as Parameters<typeof poemsLoader>[0]);
    expect(data.poems.map((p) => p.title)).toEqual(["Ozymandias of Egypt"]);
  });
});
