import { afterAll, beforeAll, describe, expect, test } from "vitest";
import * as apiAuthor from "~/routes/api/author";
import * as apiPoem from "~/routes/api/poem";
import * as apiWordFrequency from "~/routes/api/word-frequency";
import * as collectionPage from "~/routes/collection";
import * as poemText from "~/routes/poem.text";
import { setDb } from "~/server/db.server";
import { get, run, seedPoems } from "../helpers/accounts";
import { createTestDb, type TestDb } from "../helpers/db";

/**
 * PostgreSQL text cannot hold U+0000. The bad-input fuzzer (tests/system/bad-input.test.ts) found that a NUL
 * in an address, e.g. GET /collections/%00 or /api/poems/%00, failed the query with "invalid byte sequence
 * for encoding UTF8" and answered 500; the database layer now replaces it (app/server/db/nul-plugin.server.ts).
 */
let testDb: TestDb;
let poems: Awaited<ReturnType<typeof seedPoems>>;

beforeAll(async () => {
  testDb = await createTestDb();
  setDb(testDb.db);
  poems = await seedPoems(testDb.db, 2);
});
afterAll(() => testDb?.destroy());

describe("a NUL in an address", () => {
  test("is a 404 for an API lookup, not a 500", async () => {
    expect((await run(apiPoem.loader, get("/api/poems/%00"), { id: "\0" })).status).toBe(404);
    expect((await run(apiAuthor.loader, get("/api/authors/a%00"), { directory: "a\0" })).status).toBe(404);
    expect((await run(apiWordFrequency.loader, get("/api/word-frequency?poet_id=%00"))).status).toBe(404);
  });

  test("is a 404 page for a page lookup, not a 500", async () => {
    expect((await run(collectionPage.loader, get("/collections/%00"), { collectionId: "\0" })).status).toBe(404);
    expect((await run(poemText.loader, get("/poems/%00/text"), { poemId: "\0" })).status).toBe(404);
  });

  test("never matches a poem whose slug is the same text without the NUL", async () => {
    const slug = poems[0].slug;
    const withNul = `${slug.slice(0, 3)}\0${slug.slice(3)}`;
    expect((await run(apiPoem.loader, get(`/api/poems/${encodeURIComponent(withNul)}`), { id: withNul })).status).toBe(404);
    expect((await run(apiPoem.loader, get(`/api/poems/${slug}`), { id: slug })).status).toBe(200);
  });
});
