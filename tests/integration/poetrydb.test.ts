import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { createStaticHandler } from "react-router";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { runImport } from "../../pipeline/import";
import { type DB, setDb } from "~/server/db.server";
import routes from "~/routes";
import { poetryDbLines, refreshPoetryDbTexts } from "~/server/models/poetrydb.server";
import { smallCorpus } from "../helpers/corpus";
import { createTestDb, type TestDb } from "../helpers/db";

/**
 * /poetrydb/* served through React Router's request handling with the route list of app/routes.ts, over a
 * real database holding a slice of the corpus plus a PoetryDB file of poems with awkward titles and lines.
 */
async function createHandler() {
  const route = routes.find((r) => r.path === "poetrydb/*");
  if (!route) throw new Error("no poetrydb/* route in app/routes.ts");
  const module = (await import(path.resolve(import.meta.dirname, "../../app", route.file))) as {
    loader: (args: unknown) => Promise<Response>;
    action: (args: unknown) => Response;
  };
  const handler = createStaticHandler([{ id: route.file, path: route.path, loader: module.loader, action: module.action }]);
  return async (pathAndQuery: string, headers: Record<string, string> = {}, method = "GET") => {
    const response = (await handler.queryRoute(
      new Request(`http://localhost/poetrydb${pathAndQuery}`, { headers, method, body: method === "GET" ? undefined : "" }),
    )) as Response;
    const text = await response.text();
    const json = response.headers.get("Content-Type")?.startsWith("application/json") && text ? JSON.parse(text) : undefined;
    return { status: response.status, headers: response.headers, text, json };
  };
}

type Poem = { title?: string; author?: string; lines?: string[]; linecount?: string };

const FIXTURE_POEMS = [
  { title: "A Soap Opera (How It Ends)", author: "Bob Willett", lines: ["There it was ) oh no", "", "and then it ended"] },
  { title: "[Fragment] Of Winter", author: "Bob Willett", lines: ["Cold [and] colder,", "the river (stopped)."] },
  { title: "Either/Or", author: "Bob Willett", lines: ["One road or the other."] },
  { title: "Half 50% off_sale \\ back", author: "Test Poet", lines: ["The *sweet* rose", "", "is _red_ and ^high^"] },
  { title: "Percentless", author: "Test Poet", lines: ["No wildcard here", "nor there"] },
];

let testDb: TestDb;
let db: DB;
let api: Awaited<ReturnType<typeof createHandler>>;
let fixtureDir: string;

async function scalar(query: ReturnType<typeof sql<{ n: number }>>): Promise<number> {
  return Number((await query.execute(db)).rows[0]!.n);
}

const nonBlank = (lines: string[]) => lines.filter((line) => line.trim() !== "").length;
const codePointOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

beforeAll(async () => {
  testDb = await createTestDb();
  db = testDb.db;
  fixtureDir = mkdtempSync(path.join(os.tmpdir(), "poetrydb-fixture-"));
  const fixture = path.join(fixtureDir, "awkward.json");
  writeFileSync(fixture, JSON.stringify(FIXTURE_POEMS));
  const report = await runImport(db, { paths: [await smallCorpus(), fixture] });
  expect(report.errors).toEqual([]);
  setDb(db);
  api = await createHandler();
});

afterAll(async () => {
  await testDb?.destroy();
  if (fixtureDir) rmSync(fixtureDir, { recursive: true, force: true });
});

describe("lists", () => {
  test("/author lists every poet with poems once, in code-point order", async () => {
    const res = await api("/author");
    expect(res.status).toBe(200);
    const names = (await sql<{ name: string }>`select distinct pt.name from poets pt join poems p on p.poet_id = pt.id`.execute(db)).rows
      .map((r) => r.name)
      .sort(codePointOrder);
    expect(res.json).toEqual({ authors: names });
    expect(names).toContain("John Keats");
    expect((await api("/authors")).json).toEqual(res.json);
  });

  test("/title lists every distinct title in code-point order", async () => {
    const res = await api("/title");
    const titles = [...new Set((await db.selectFrom("poems").select("title").execute()).map((r) => r.title))].sort(codePointOrder);
    expect(res.json).toEqual({ titles });
    expect(titles).toContain("[Fragment] Of Winter");
  });
});

describe("author, title and lines searches", () => {
  test("/author/{term} is a case-insensitive substring of the poet's name; poems come as PoetryDB's objects", async () => {
    const res = await api("/author/KEATS");
    expect(res.status).toBe(200);
    const poems = res.json as Poem[];
    const keats = await scalar(sql`select count(*) as n from poems p join poets pt on pt.id = p.poet_id where pt.name = 'John Keats'`);
    expect(poems).toHaveLength(keats);
    for (const poem of poems) {
      expect(Object.keys(poem)).toEqual(["title", "author", "lines", "linecount"]);
      expect(poem.author).toBe("John Keats");
      expect(poem.linecount).toBe(String(nonBlank(poem.lines!)));
    }
    // Ordered by title within the poet, as the code points order them.
    expect(poems.map((p) => p.title)).toEqual(poems.map((p) => p.title!).sort(codePointOrder));
    // The lines are the text a reader sees: no front matter, inline markers gone, stanza breaks as "".
    const sample = await db
      .selectFrom("poems")
      .innerJoin("poets", "poets.id", "poems.poet_id")
      .select(["poems.title", "poems.content", "poems.line_count"])
      .where("poets.name", "=", "John Keats")
      .where("poems.content", "like", "%\n\n%")
      .limit(1)
      .executeTakeFirstOrThrow();
    const served = poems.find((p) => p.title === sample.title)!;
    expect(served.lines).toContain("");
    expect(served.linecount).toBe(String(sample.line_count));
  });

  test(":abs matches the whole value exactly, case included", async () => {
    const exact = await api("/author/John Keats:abs/author");
    expect((exact.json as Poem[]).every((p) => p.author === "John Keats")).toBe(true);
    expect((await api("/author/john keats:abs")).json).toEqual({ status: 404, reason: "Not found" });
    expect((await api("/author/Keats:abs")).json).toEqual({ status: 404, reason: "Not found" });
    // An unencoded slash starts the output-field segment, as on poetrydb.org.
    expect((await api("/title/Either/Or")).json).toEqual({
      status: "405",
      reason: "Or output field not available. Only author, title, lines, and linecount allowed.",
    });
  });

  test("titles with brackets, parentheses, a slash and LIKE wildcards are matched literally", async () => {
    const soap = await api("/title/A%20Soap%20Opera%20(How");
    expect((soap.json as Poem[]).map((p) => p.title)).toEqual(["A Soap Opera (How It Ends)"]);
    expect((soap.json as Poem[])[0]!.lines).toEqual(["There it was ) oh no", "", "and then it ended"]);
    expect(((await api("/title/[fragment]")).json as Poem[]).map((p) => p.title)).toEqual(["[Fragment] Of Winter"]);
    expect(((await api("/title/[Fragment] Of Winter:abs/title")).json as Poem[])).toEqual([{ title: "[Fragment] Of Winter" }]);
    expect(((await api("/title/Either%2FOr/title")).json as Poem[])).toEqual([{ title: "Either/Or" }]);
    // % and _ would match anything in a LIKE pattern; here they only match themselves.
    expect(((await api("/title/%25/title")).json as Poem[])).toEqual([{ title: "Half 50% off_sale \\ back" }]);
    expect(((await api("/title/f_s/title")).json as Poem[])).toEqual([{ title: "Half 50% off_sale \\ back" }]);
    expect(((await api("/title/%5C back/title")).json as Poem[])).toEqual([{ title: "Half 50% off_sale \\ back" }]);
  });

  test("/lines/{term} finds a line containing the term in the text as shown (markers stripped)", async () => {
    const res = await api("/lines/THE SWEET ROSE");
    expect(res.json).toEqual([
      { title: "Half 50% off_sale \\ back", author: "Test Poet", lines: ["The sweet rose", "", "is red and high"], linecount: "2" },
    ]);
    expect(((await api("/lines/There it was ) oh no/title")).json as Poem[])).toEqual([{ title: "A Soap Opera (How It Ends)" }]);
    expect(((await api("/lines/Cold [and]/title")).json as Poem[])).toEqual([{ title: "[Fragment] Of Winter" }]);
    // A term never spans two lines.
    expect((await api("/lines/rose is red")).json).toEqual({ status: 404, reason: "Not found" });
    // Every line served for a common word really contains it.
    const common = (await api("/lines/nightingale")).json as Poem[];
    expect(common.length).toBeGreaterThan(0);
    for (const poem of common) expect(poem.lines!.some((line) => /nightingale/i.test(line))).toBe(true);
  });

  test("/lines/{term}:abs needs a whole line, exactly", async () => {
    expect(((await api("/lines/The sweet rose:abs/title")).json as Poem[])).toEqual([{ title: "Half 50% off_sale \\ back" }]);
    expect((await api("/lines/sweet rose:abs")).json).toEqual({ status: 404, reason: "Not found" });
    expect((await api("/lines/the sweet rose:abs")).json).toEqual({ status: 404, reason: "Not found" });
  });

  test("combined input fields: /author,title/{term};{term} with :abs on either term", async () => {
    const both = (await api("/author,title/Willett;winter/title")).json as Poem[];
    expect(both).toEqual([{ title: "[Fragment] Of Winter" }]);
    const exact = (await api("/title,author/[Fragment] Of Winter:abs;Bob Willett:abs/author,title")).json;
    expect(exact).toEqual([{ title: "[Fragment] Of Winter", author: "Bob Willett" }]);
    expect((await api("/author,title/Keats;[Fragment]")).json).toEqual({ status: 404, reason: "Not found" });
    const three = (await api("/author,lines,linecount/Willett;the;1-3/title")).json as Poem[];
    expect(three).toEqual([{ title: "A Soap Opera (How It Ends)" }, { title: "Either/Or" }, { title: "[Fragment] Of Winter" }]);
  });
});

describe("linecount and poemcount", () => {
  async function countWhere(condition: ReturnType<typeof sql>) {
    return scalar(sql`select count(*) as n from poems where ${condition}`);
  }

  test("/linecount/{n} is exact and ranges -9, 12- and 9-12 are inclusive", async () => {
    const cases: [string, (n: number) => boolean, ReturnType<typeof sql>][] = [
      ["14", (n) => n === 14, sql`line_count = 14`],
      ["-9", (n) => n <= 9, sql`line_count <= 9`],
      ["12-", (n) => n >= 12, sql`line_count >= 12`],
      ["9-12", (n) => n >= 9 && n <= 12, sql`line_count between 9 and 12`],
    ];
    for (const [term, holds, condition] of cases) {
      const poems = (await api(`/linecount/${term}/title,linecount`)).json as Poem[];
      expect(poems.length, term).toBe(await countWhere(condition));
      expect(poems.length, term).toBeGreaterThan(0);
      for (const poem of poems) expect(holds(Number(poem.linecount)), `${term}: ${poem.linecount}`).toBe(true);
    }
    // Numeric, not textual: "12" and "16" are not at most 9, and the longest kept is the longest such poem.
    const short = (await api("/linecount/-9/linecount")).json as Poem[];
    const longest = await scalar(sql`select max(line_count) as n from poems where line_count <= 9`);
    expect(Math.max(...short.map((p) => Number(p.linecount)))).toBe(longest);
    expect((await api("/linecount/100000")).json).toEqual({ status: 404, reason: "Not found" });
  });

  test("poemcount takes the first poems in the usual order", async () => {
    const all = (await api("/author/Housman/title")).json as Poem[];
    expect((await api("/author,poemcount/Housman;3/title")).json).toEqual(all.slice(0, 3));
    expect(((await api("/poemcount/2")).json as Poem[]).length).toBe(2);
  });
});

describe("random", () => {
  test("/random is one poem; /random/{n} that many different poems; never cached", async () => {
    const one = await api("/random");
    expect(one.json).toHaveLength(1);
    expect(Object.keys(one.json[0])).toEqual(["title", "author", "lines", "linecount"]);
    expect(one.headers.get("Cache-Control")).toBe("no-store");
    const three = (await api("/random/3/title,author")).json as Poem[];
    expect(three).toHaveLength(3);
    expect(new Set(three.map((p) => `${p.author}\n${p.title}`)).size).toBe(3);
  });

  test("random combines with other input fields, in any order", async () => {
    for (const path of ["/random,author/3;Keats/author", "/author,random/Keats;3/author"]) {
      const poems = (await api(path)).json as Poem[];
      expect(poems, path).toEqual([{ author: "John Keats" }, { author: "John Keats" }, { author: "John Keats" }]);
    }
    const short = (await api("/linecount,random/-9;5/linecount")).json as Poem[];
    expect(short).toHaveLength(5);
    for (const poem of short) expect(Number(poem.linecount)).toBeLessThanOrEqual(9);
  });

  test(":author draws one poem each for that many different authors, and every author when fewer match", async () => {
    const three = (await api("/random/3:author/author")).json as Poem[];
    expect(three).toHaveLength(3);
    expect(new Set(three.map((p) => p.author)).size).toBe(3);
    const authorsWithShortPoems = await scalar(
      sql`select count(distinct poet_id) as n from poems where line_count <= 9`,
    );
    const short = (await api("/linecount,random/-9;50:author/author,linecount")).json as Poem[];
    expect(short).toHaveLength(authorsWithShortPoems);
    expect(new Set(short.map((p) => p.author)).size).toBe(authorsWithShortPoems);
    for (const poem of short) expect(Number(poem.linecount)).toBeLessThanOrEqual(9);
    expect((await api("/random/0")).json).toEqual({ status: 404, reason: "Not found" });
  });
});

describe("output fields and formats", () => {
  test("output fields come in PoetryDB's order; all is every field", async () => {
    const some = (await api("/author/Willett/linecount,title")).json as Poem[];
    for (const poem of some) expect(Object.keys(poem)).toEqual(["title", "linecount"]);
    expect((await api("/author/Willett/all")).json).toEqual((await api("/author/Willett")).json);
    expect((await api("/author/Willett/all.json")).json).toEqual((await api("/author/Willett")).json);
  });

  test("JSON is pretty-printed with two spaces, as PoetryDB prints it", async () => {
    const res = await api("/title/Either%2FOr/title");
    expect(res.text).toBe('[\n  {\n    "title": "Either/Or"\n  }\n]');
    expect(res.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
  });

  test(".text gives each field's name then its value, a blank line after each poem", async () => {
    const res = await api("/title/A Soap Opera/title,lines,author.text");
    expect(res.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(res.text).toBe("title\nA Soap Opera (How It Ends)\nauthor\nBob Willett\nlines\nThere it was ) oh no\n\nand then it ended\n\n");
    const two = await api("/author,linecount/Willett;2/title.text");
    expect(two.text).toBe("title\nA Soap Opera (How It Ends)\n\ntitle\n[Fragment] Of Winter\n\n");
  });
});

describe("PoetryDB's error answers, all with HTTP 200", () => {
  const cases: [string, unknown][] = [
    ["/wrong", { status: "405", reason: "wrong list not available. Only author and title allowed." }],
    [
      "/wrong/Dowson/all.text",
      { status: "405", reason: "wrong input field not available. Only author, title, lines, linecount, and poemcount or random allowed." },
    ],
    [
      "/wrong,linecount/Dowson;16:abs/title,lines,linecount",
      {
        status: "405",
        reason: "wrong,linecount input field not available. Only author, title, lines, linecount, and poemcount or random allowed.",
      },
    ],
    ["/author/Keats/title,lines,author.wrong", { status: "405", reason: "wrong output format not available. Only text and json allowed." }],
    ["/author/Keats/all.bad", { status: "405", reason: "bad output format not available. Only text and json allowed." }],
    ["/author/Keats/titles", { status: "405", reason: "titles output field not available. Only author, title, lines, and linecount allowed." }],
    ["/author/Keats/wrong,lines.text", { status: "405", reason: "wrong output field not available. Only author, title, lines, and linecount allowed." }],
    [
      "/author,title/Keats",
      { status: "405", reason: "Comma delimited fields must have corresponding semicolon delimited search terms, eg. /title,author/Winter;Shakespeare" },
    ],
    [
      "/author,title/Keats/all.json",
      { status: "405", reason: "Comma delimited fields must have corresponding semicolon delimited search terms, eg. /title,author/Winter;Shakespeare/all" },
    ],
    [
      "/author/Keats;Ode/title",
      { status: "405", reason: "Comma delimited fields must have corresponding semicolon delimited search terms, eg. /title,author/Winter;Shakespeare/lines" },
    ],
    ["/poemcount,random/1;1/all.text", { status: "405", reason: "Use either poemcount or random as input fields, but not both." }],
    ["/author/Nobody At All", { status: 404, reason: "Not found" }],
    ["/author/Keats/title/extra", { status: 404, reason: "Not found" }],
  ];
  test.each(cases)("%s", async (pathAndQuery, expected) => {
    const res = await api(pathAndQuery);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(res.json).toEqual(expected);
  });

  test("writes are refused as on every read-only API route", async () => {
    const res = await api("/author", {}, "POST");
    expect(res.status).toBe(405);
    expect(res.headers.get("Allow")).toBe("GET, HEAD");
  });
});

describe("caching and indexes", () => {
  test("answers are public with an ETag, and a revalidation is a 304", async () => {
    const res = await api("/author/Housman/title");
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=0, s-maxage=300, stale-while-revalidate=86400");
    expect(res.headers.get("Access-Control-Allow-Origin")).toBe("*");
    const etag = res.headers.get("ETag")!;
    expect((await api("/author/Housman/title", { "If-None-Match": etag })).status).toBe(304);
  });

  test("the lines, title, name and line-count filters can be answered from their indexes", async () => {
    const plans: Record<string, string> = {};
    await db.connection().execute(async (conn) => {
      await sql`set enable_seqscan = off`.execute(conn);
      const explain = async (name: string, query: ReturnType<typeof sql>) => {
        plans[name] = (await sql<Record<string, string>>`explain ${query}`.execute(conn)).rows.map((r) => Object.values(r)[0]).join("\n");
      };
      await explain("lines", sql`select poem_id from poetrydb_texts x where x.lines ilike '%nightingale%'`);
      await explain("title", sql`select id from poems p where p.title_fold like '%' || search_fold('ozymandias') || '%'`);
      await explain("name", sql`select id from poets pt where pt.name_fold like '%' || search_fold('keats') || '%'`);
      await explain("linecount", sql`select id from poems p where p.line_count between 9 and 12`);
      await sql`reset enable_seqscan`.execute(conn);
    });
    expect(plans.lines).toContain("poetrydb_texts_lines_trgm_idx");
    expect(plans.title).toContain("poems_title_trgm_idx");
    expect(plans.name).toContain("poets_name_trgm_idx");
    expect(plans.linecount).toContain("poems_line_count_idx");
  });

  test("the lines text follows the poems: whole lines in small chunks, nothing lost; refreshing again changes nothing", async () => {
    expect(await refreshPoetryDbTexts(db)).toBe(0);
    const stored = await sql<{ id: string; content: string; chunks: string[] }>`
      select p.id, p.content, array_agg(x.lines order by x.chunk) as chunks
      from poems p join poetrydb_texts x on x.poem_id = p.id group by p.id, p.content`.execute(db);
    expect(stored.rows.length).toBe(await scalar(sql`select count(*) as n from poems`));
    let split = 0;
    for (const row of stored.rows) {
      expect(row.chunks.join("\n"), row.id).toBe(poetryDbLines(row.content).join("\n"));
      for (const chunk of row.chunks) if (chunk.includes("\n")) expect(chunk.length).toBeLessThanOrEqual(1000);
      if (row.chunks.length > 1) split++;
    }
    expect(split).toBeGreaterThan(0);
  });

  test("a rebuild of many poems drops and rebuilds the trigram index and answers the same", async () => {
    const before = (await api("/lines/nightingale/title")).text;
    await sql`delete from poetrydb_texts`.execute(db);
    expect(await refreshPoetryDbTexts(db, { bulkAbove: 0 })).toBe(await scalar(sql`select count(*) as n from poems`));
    const index = await sql`select 1 from pg_indexes where indexname = 'poetrydb_texts_lines_trgm_idx'`.execute(db);
    expect(index.rows).toHaveLength(1);
    expect((await api("/lines/nightingale/title")).text).toBe(before);
  });
});

describe("round trip through a PoetryDB file", () => {
  test("an author exported with /poetrydb and imported into a fresh database gives the same answers", async () => {
    const author = "Charlotte Brontë";
    const enc = encodeURIComponent(author);
    const paths = [
      `/author/${enc}:abs`,
      `/author/${enc}:abs/all.text`,
      `/author/${enc}:abs/title,linecount`,
      `/author,linecount/${enc}:abs;9-`,
      `/author,lines/${enc}:abs;the`,
      `/author,poemcount/charlotte;5`,
      `/author,linecount/${enc}:abs;1-/title`,
    ];
    const before = await Promise.all(paths.map((p) => api(p)));
    const exported = before[0]!.json as Poem[];
    expect(exported.length).toBeGreaterThan(10);
    const file = path.join(fixtureDir, "charlotte.json");
    writeFileSync(file, before[0]!.text);

    const fresh = await createTestDb();
    try {
      const report = await runImport(fresh.db, { paths: [file] });
      expect(report.errors).toEqual([]);
      expect(report.poems.inserted).toBe(exported.length);
      setDb(fresh.db);
      const after = await Promise.all(paths.map((p) => api(p)));
      after.forEach((res, index) => expect(res.text, paths[index]).toBe(before[index]!.text));
    } finally {
      setDb(db);
      await fresh.destroy();
    }
  });
});
