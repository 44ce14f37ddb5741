import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { runImport } from "../../pipeline/import";
import { refreshWordFrequencies } from "../../pipeline/wordfreq";
import { countWordsOnStart } from "../../cli/commands/serve";
import { loader } from "~/routes/api/word-frequency";
import { setDb } from "~/server/db.server";
import { topWords, WHOLE_CORPUS_SCOPE, wordFrequencyCacheFile } from "~/server/models/word-frequency.server";
import { smallCorpus } from "../helpers/corpus";
import { createTestDb, type TestDb } from "../helpers/db";

/**
 * Word counts on a fresh database: a tiny PoetryDB fixture whose counts are known by hand, then the small
 * corpus slice checked against an independent count, the API's answers and errors, the static caches and
 * the incremental recount.
 */

const ALPHA = [
  { title: "Rose Song", author: "Alpha Poet", lines: ["The rose, the rose!", "O'er the *rose* 'tis thee I sing."] },
  { title: "Night Song", author: "Alpha Poet", lines: ["Night and the rose;", "1820 nights, night."] },
];
const BETA = [{ title: "Sea", author: "Beta Poet", lines: ["The sea, the sea, thy sea and night."] }];

// By hand. Alpha: the×4, rose×4, o'er, 'tis, thee, i, sing, night×2, and, nights (1820 dropped).
const ALPHA_COUNTS: Record<string, number> = {
  the: 4, rose: 4, "o'er": 1, "'tis": 1, thee: 1, i: 1, sing: 1, night: 2, and: 1, nights: 1,
};
// Beta: the×2, sea×3, thy, and, night.
const BETA_COUNTS: Record<string, number> = { the: 2, sea: 3, thy: 1, and: 1, night: 1 };
const COMMON = new Set(["the", "o'er", "'tis", "thee", "i", "and", "thy"]);

let t: TestDb;
let dir: string;
let cacheDir: string;
const fixture = (name: string, poems: unknown[]) => {
  const file = path.join(dir, name);
  writeFileSync(file, JSON.stringify(poems));
  return file;
};

const ranked = (counts: Record<string, number>, excludeCommon: boolean) =>
  Object.entries(counts)
    .filter(([w]) => !excludeCommon || !COMMON.has(w))
    .map(([word, frequency]) => ({ word, frequency }))
    .sort((a, b) => b.frequency - a.frequency || (a.word < b.word ? -1 : 1));

async function api(query: string) {
  const response = await loader({
    request: new Request(`http://localhost/api/word-frequency${query}`),
    params: {},
    context: {},
  } as never);
  return { status: response.status, body: JSON.parse(await response.text()) };
}

async function poetId(name: string): Promise<{ id: number; directory: string }> {
  return t.db.selectFrom("poets").select(["id", "directory"]).where("name", "=", name).executeTakeFirstOrThrow();
}

beforeAll(async () => {
  t = await createTestDb();
  setDb(t.db);
  dir = mkdtempSync(path.join(os.tmpdir(), "poetry-wordfreq-"));
  cacheDir = path.join(dir, "cache");
  const report = await runImport(t.db, {
    paths: [fixture("alpha.json", ALPHA), fixture("beta.json", BETA)],
    wordFrequencyCacheDir: cacheDir,
  });
  expect(report.wordFrequency?.poetsCounted).toBe(2);
});

afterAll(async () => {
  await t?.destroy();
});

describe("counts on a hand-counted fixture", () => {
  test("per poet", async () => {
    const alpha = await poetId("Alpha Poet");
    const beta = await poetId("Beta Poet");
    expect(await topWords(t.db, { scope: alpha.id, limit: 100, excludeCommon: false })).toEqual(ranked(ALPHA_COUNTS, false));
    expect(await topWords(t.db, { scope: beta.id, limit: 100, excludeCommon: false })).toEqual(ranked(BETA_COUNTS, false));
    expect(await topWords(t.db, { scope: alpha.id, limit: 100, excludeCommon: true })).toEqual(ranked(ALPHA_COUNTS, true));
  });

  test("all poems is the sum of the poets", async () => {
    const all: Record<string, number> = { ...ALPHA_COUNTS };
    for (const [w, n] of Object.entries(BETA_COUNTS)) all[w] = (all[w] ?? 0) + n;
    expect(await topWords(t.db, { scope: WHOLE_CORPUS_SCOPE, limit: 100, excludeCommon: false })).toEqual(ranked(all, false));
    expect(await topWords(t.db, { scope: WHOLE_CORPUS_SCOPE, limit: 100, excludeCommon: true })).toEqual(ranked(all, true));
  });

  test("the API answers per poet and for all poems, with limit and excludeCommon", async () => {
    const alpha = await poetId("Alpha Poet");
    const one = await api(`?poet_id=${alpha.directory}&limit=25&excludeCommon=false`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(ranked(ALPHA_COUNTS, false));
    // excludeCommon is on by default.
    expect((await api(`?poet_id=${alpha.directory}`)).body).toEqual(ranked(ALPHA_COUNTS, true));
    const all = await api("?poet_id=&limit=25");
    expect(all.status).toBe(200);
    expect(all.body.map((w: { word: string }) => w.word)).toEqual(["rose", "night", "sea", "nights", "sing"]);
  });

  test("bad values are 400s naming the parameter; an unknown poet is a 404", async () => {
    for (const [query, parameter] of [
      ["?limit=10", "limit"],
      ["?limit=abc", "limit"],
      ["?limit=50.0", "limit"],
      ["?excludeCommon=maybe", "excludeCommon"],
      [`?poet_id=${"x".repeat(201)}`, "poet_id"],
    ] as const) {
      const answer = await api(query);
      expect(answer.status, query).toBe(400);
      expect(answer.body.parameter, query).toBe(parameter);
      expect(answer.body.error, query).toContain(parameter);
    }
    const missing = await api("?poet_id=no-such-poet");
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatch(/no-such-poet/);
  });

  test("the static caches match the live answers", async () => {
    for (const excludeCommon of [true, false]) {
      for (const limit of [25, 50, 75, 100]) {
        const file = JSON.parse(readFileSync(path.join(cacheDir, wordFrequencyCacheFile(excludeCommon, limit)), "utf8"));
        expect(file).toEqual((await api(`?limit=${limit}&excludeCommon=${excludeCommon}`)).body);
      }
    }
  });

  test("a second run recounts nothing; a changed poet is the only one recounted", async () => {
    const alpha = await poetId("Alpha Poet");
    const beta = await poetId("Beta Poet");
    const again = await refreshWordFrequencies(t.db);
    expect(again).toMatchObject({ poetsCounted: 0, poetsUnchanged: 2, corpusRecounted: false });

    const before = await t.db.selectFrom("word_count_sources").selectAll().where("poet_id", "=", alpha.id).executeTakeFirstOrThrow();
    const report = await runImport(t.db, {
      paths: [fixture("beta.json", [{ ...BETA[0], lines: ["The sea, the sea, the storm."] }])],
    });
    expect(report.wordFrequency).toMatchObject({ poetsCounted: 1, poetsUnchanged: 1, corpusRecounted: true });
    const after = await t.db.selectFrom("word_count_sources").selectAll().where("poet_id", "=", alpha.id).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    expect(await topWords(t.db, { scope: beta.id, limit: 100, excludeCommon: false })).toEqual([
      { word: "the", frequency: 3 },
      { word: "sea", frequency: 2 },
      { word: "storm", frequency: 1 },
    ]);
    const all = await topWords(t.db, { scope: WHOLE_CORPUS_SCOPE, limit: 100, excludeCommon: true });
    expect(all.find((w) => w.word === "sea")).toEqual({ word: "sea", frequency: 2 });
    expect(all.find((w) => w.word === "storm")).toEqual({ word: "storm", frequency: 1 });
  });
});

describe("the small corpus slice", () => {
  beforeAll(async () => {
    await runImport(t.db, { paths: [await smallCorpus()] });
  });

  test("a poet's counts equal an independent count over its poems", async () => {
    const poet = await t.db
      .selectFrom("poets")
      .select(["id", "name"])
      .where("name", "=", "A. E. Housman")
      .executeTakeFirstOrThrow();
    const poems = await t.db.selectFrom("poems").select("content").where("poet_id", "=", poet.id).execute();
    // Independent and deliberately simple: letters-only words, lower case, no apostrophes at all in them.
    const counts = new Map<string, number>();
    for (const { content } of poems) {
      for (const word of content.toLowerCase().match(/[a-z]+/g) ?? []) counts.set(word, (counts.get(word) ?? 0) + 1);
    }
    const top = await topWords(t.db, { scope: poet.id, limit: 100, excludeCommon: true });
    expect(top).toHaveLength(100);
    // Words without apostrophes, markers or digits around them are counted identically by both.
    for (const { word, frequency } of top.filter((w) => /^[a-z]+$/.test(w.word)).slice(0, 40)) {
      const plain = counts.get(word) ?? 0;
      // The simple count also splits "heart's" into "heart" + "s", so it can only be higher.
      expect(plain, word).toBeGreaterThanOrEqual(frequency);
      expect(frequency, word).toBeGreaterThan(0);
    }
    const total = top.reduce((n, w) => n + w.frequency, 0);
    expect(total).toBeGreaterThan(500);
  });
});

describe("poetry serve on a database imported before word counts existed", () => {
  test("counts every poet and writes the caches once, then leaves them alone", async () => {
    const before = await topWords(t.db, { scope: WHOLE_CORPUS_SCOPE, limit: 100, excludeCommon: true });
    const housman = (await t.db.selectFrom("poets").select("id").where("name", "=", "A. E. Housman").executeTakeFirstOrThrow()).id;
    const housmanBefore = await topWords(t.db, { scope: housman, limit: 50, excludeCommon: false });
    expect(before.length).toBe(100);
    // What an older import left: poems, no counts, no caches.
    await t.db.deleteFrom("word_counts").execute();
    await t.db.deleteFrom("word_count_sources").execute();
    expect(await topWords(t.db, { scope: WHOLE_CORPUS_SCOPE, limit: 25, excludeCommon: true })).toEqual([]);
    const startCaches = path.join(dir, "start-cache");

    await countWordsOnStart(t.db, startCaches);
    expect(await topWords(t.db, { scope: WHOLE_CORPUS_SCOPE, limit: 100, excludeCommon: true })).toEqual(before);
    expect(await topWords(t.db, { scope: housman, limit: 50, excludeCommon: false })).toEqual(housmanBefore);
    for (const excludeCommon of [true, false]) {
      for (const limit of [25, 50, 75, 100]) {
        const file = JSON.parse(readFileSync(path.join(startCaches, wordFrequencyCacheFile(excludeCommon, limit)), "utf8"));
        expect(file).toEqual((await api(`?limit=${limit}&excludeCommon=${excludeCommon}`)).body);
      }
    }

    // A later start finds them and counts nothing.
    const counted = await t.db.selectFrom("word_count_sources").select(["poet_id", "counted_at"]).orderBy("poet_id").execute();
    await countWordsOnStart(t.db, startCaches);
    expect(await t.db.selectFrom("word_count_sources").select(["poet_id", "counted_at"]).orderBy("poet_id").execute()).toEqual(counted);
  });
});
