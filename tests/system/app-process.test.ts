import { existsSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { wordFrequencyCacheDirFor } from "~/server/models/word-frequency.server";
import { type AppDatabase, type AppProcess, createAppDatabase, startAppProcess } from "../helpers/app-process";
import { smallCorpus } from "../helpers/corpus";

// The harness the other system tests stand on: a built server in its own process over a fresh PostgreSQL
// database. This one sets no NODE_ENV, as `npm start` does not: the server must default to production itself.
describe("a built server process on PostgreSQL", () => {
  let database: AppDatabase;
  let app: AppProcess;

  beforeAll(async () => {
    database = await createAppDatabase(await smallCorpus());
    app = await startAppProcess({ port: 3711, databaseUrl: database.url, env: { NODE_ENV: undefined } });
  });
  afterAll(async () => {
    await app?.stop();
    await database?.drop();
  });

  it("serves pages and the API from the imported corpus, then exits cleanly on SIGTERM", async () => {
    const poems = await fetch(`${app.url}/api/poems?per_page=1`);
    expect(poems.status).toBe(200);
    const body = (await poems.json()) as { poems: { id: string }[] };
    expect(body.poems).toHaveLength(1);
    const page = await fetch(`${app.url}/poems/${body.poems[0].id}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("<article");
    expect(await app.stop()).toBe(0);
    // The server made its word-frequency cache folder for this database; dropping the database removes it.
    expect(existsSync(wordFrequencyCacheDirFor(database.url))).toBe(true);
    await database.drop();
    expect(existsSync(wordFrequencyCacheDirFor(database.url))).toBe(false);
  });
});
