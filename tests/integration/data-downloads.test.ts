import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createStaticHandler } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// The downloads are generated into OPEN_DATA_DIR: a temporary folder, never the repository's data/.
const dataDir = vi.hoisted(() => {
  const dir = `${process.env.TMPDIR ?? "/tmp"}/poetry-open-data-test-${process.pid}-${Date.now()}`;
  process.env.OPEN_DATA_DIR = dir;
  return dir;
});

import { runImport } from "../../pipeline/import";
import { bumpDataVersion } from "~/server/data-version.server";
import { setDb } from "~/server/db.server";
import routes from "~/routes";
import { smallCorpus } from "../helpers/corpus";
import { createTestDb, type TestDb } from "../helpers/db";
import { epubcheck } from "../helpers/epubcheck";

/** The /data routes of app/routes.ts, run through React Router's request handling as the server build runs them. */
async function createDataHandler() {
  const dataRoutes = await Promise.all(
    routes
      .filter((route) => route.path?.startsWith("data/"))
      .map(async (route) => {
        const module = (await import(path.resolve(import.meta.dirname, "../../app", route.file))) as {
          loader: (args: unknown) => Promise<Response>;
        };
        return { id: route.file, path: route.path, loader: module.loader };
      }),
  );
  const handler = createStaticHandler(dataRoutes);
  return async (pathname: string, headers: Record<string, string> = {}, method = "GET") => {
    const response = (await handler.queryRoute(new Request(`http://localhost${pathname}`, { headers, method }))) as Response;
    const body = Buffer.from(await response.arrayBuffer());
    return { status: response.status, headers: response.headers, body };
  };
}

describe("/data downloads", () => {
  let t: TestDb;
  let get: Awaited<ReturnType<typeof createDataHandler>>;

  beforeAll(async () => {
    t = await createTestDb();
    const report = await runImport(t.db, { paths: [await smallCorpus()] });
    expect(report.errors).toEqual([]);
    setDb(t.db);
    get = await createDataHandler();
  }, 120_000);
  afterAll(() => t?.destroy());

  it("serves the corpus archive, made on the first request, as a zip download with validators", async () => {
    expect(existsSync(path.join(dataDir, "poetry-commons-corpus.zip"))).toBe(false);
    const first = await get("/data/poetry-commons-corpus.zip");
    expect(first.status).toBe(200);
    expect(first.headers.get("Content-Type")).toBe("application/zip");
    expect(first.headers.get("Content-Disposition")).toBe('attachment; filename="poetry-commons-corpus.zip"');
    expect(first.headers.get("Cache-Control")).toBe("public, max-age=3600");
    expect(Number(first.headers.get("Content-Length"))).toBe(first.body.length);
    expect(first.body.subarray(0, 4).toString("binary")).toBe("PK\u0003\u0004");
    const file = path.join(dataDir, "download.zip");
    writeFileSync(file, first.body);
    const names = execFileSync("unzip", ["-Z1", file], { encoding: "utf8" }).trim().split("\n");
    expect(names).toContain("poetry-commons-corpus/poems.jsonl");
    expect(names).toContain("poetry-commons-corpus/ZENUP-LICENSE.txt");
    const poems = execFileSync("unzip", ["-p", file, "poetry-commons-corpus/poems.jsonl"], { encoding: "utf8", maxBuffer: 1e8 });
    const stored = await t.db.selectFrom("poems").select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow();
    expect(poems.trim().split("\n")).toHaveLength(Number(stored.n));

    const etag = first.headers.get("ETag")!;
    expect(etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    const again = await get("/data/poetry-commons-corpus.zip", { "If-None-Match": etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const head = await get("/data/poetry-commons-corpus.zip", {}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers.get("Content-Length")).toBe(String(first.body.length));
    // Only the finished file is left in the folder: no temporary siblings.
    expect(readdirSync(dataDir).filter((n) => n.startsWith("."))).toEqual([]);
  }, 120_000);

  it("serves a collection's EPUB, made once and kept, that passes epubcheck", async () => {
    const first = await get("/data/epub/a-boys-will.epub");
    expect(first.status).toBe(200);
    expect(first.headers.get("Content-Type")).toBe("application/epub+zip");
    expect(first.headers.get("Content-Disposition")).toBe('attachment; filename="a-boys-will.epub"');
    expect(first.headers.get("Cache-Control")).toBe("public, max-age=3600");
    const cached = readdirSync(path.join(dataDir, "epub"));
    expect(cached).toHaveLength(1);
    const file = path.join(dataDir, "epub", cached[0]);
    expect((await epubcheck(file)).output).toContain("No errors or warnings detected");

    const second = await get("/data/epub/a-boys-will.epub");
    expect(second.headers.get("ETag")).toBe(first.headers.get("ETag"));
    expect(second.body.equals(first.body)).toBe(true);
    expect(readdirSync(path.join(dataDir, "epub"))).toEqual(cached);
    expect((await get("/data/epub/a-boys-will.epub", { "If-None-Match": first.headers.get("ETag")! })).status).toBe(304);
  }, 400_000);

  it("makes the EPUB again when the collection's poems change, and drops the stale file", async () => {
    const before = await get("/data/epub/a-shropshire-lad.epub");
    const poem = await t.db
      .selectFrom("collection_poems")
      .select("poem_id")
      .where("collection_id", "=", "a-shropshire-lad")
      .orderBy("sequence")
      .executeTakeFirstOrThrow();
    await t.db.updateTable("poems").set({ title: "A Changed Title", content_hash: "changed" }).where("id", "=", poem.poem_id).execute();
    bumpDataVersion();
    const after = await get("/data/epub/a-shropshire-lad.epub");
    expect(after.status).toBe(200);
    expect(after.headers.get("ETag")).not.toBe(before.headers.get("ETag"));
    const files = readdirSync(path.join(dataDir, "epub")).filter((n) => n.startsWith("a-shropshire-lad-"));
    expect(files).toHaveLength(1);
    const inside = execFileSync("unzip", ["-p", path.join(dataDir, "epub", files[0]), "EPUB/text/poem-0001.xhtml"], {
      encoding: "utf8",
    });
    expect(inside).toContain("A Changed Title");
  }, 120_000);

  it("answers 404 for an unknown collection or a malformed name", async () => {
    const unknown = await get("/data/epub/no-such-book.epub");
    expect(unknown.status).toBe(404);
    expect(unknown.body.toString()).toContain("no-such-book");
    expect((await get("/data/epub/a-boys-will.pdf")).status).toBe(404);
    expect((await get("/data/epub/..%2Fsecret.epub")).status).toBe(404);
  });
});
