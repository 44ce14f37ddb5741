import http from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync } from "node:zlib";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bumpDataVersion, FAVORITES, poemTag, userTag } from "./data-version.server";
import { createResponseCache, pickEncoding, readCookies, sharedMaxAge } from "./response-cache.server";
import { dependenciesOf } from "./response-dependencies.server";

const PUBLIC = "public, max-age=0, s-maxage=300";
let renders = 0;
let server: http.Server;
let base: string;
const cache = createResponseCache({ keyCookies: ["reading_prefs"], sessionCookie: "pc_session" });

/** Stands in for React Router: renders in several chunks, with the headers a route declares. */
function page(
  cacheControl: string,
  options: { status?: number; setCookie?: boolean; poems?: string[]; personal?: boolean; sessionEndsIn?: number } = {},
) {
  return (req: express.Request, res: express.Response) => {
    renders++;
    // What loaders declare through the load context (response-dependencies.server.ts).
    const dependencies = dependenciesOf(res);
    if (options.poems) dependencies.poemIds = new Set(options.poems);
    const session = /pc_session=user(\d+)/.exec(req.get("Cookie") ?? "");
    if (session) dependencies.user = { id: Number(session[1]), sessionExpiresAt: Date.now() + (options.sessionEndsIn ?? 60_000) };
    dependencies.personalCacheable = options.personal;
    res.status(options.status ?? 200);
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.setHeader("Cache-Control", cacheControl);
    if (options.setCookie) res.setHeader("Set-Cookie", "a=b");
    res.write(`<p>${req.originalUrl} `);
    res.write(`prefs=${/reading_prefs=([^;]*)/.exec(req.get("Cookie") ?? "")?.[1] ?? "-"} `);
    res.end(`${"verse ".repeat(500)}render ${renders}</p>`);
  };
}

beforeAll(async () => {
  const app = express();
  app.use(cache.lookup);
  app.use(compression());
  app.use(cache.keep);
  app.get("/public", page(PUBLIC));
  // React Router's page data for /poems/x: the loaders' answer, personal like the page itself.
  app.get("/poems/x.data", (_req, res) => {
    renders++;
    res.setHeader("Content-Type", "text/x-script");
    res.setHeader("Cache-Control", PUBLIC);
    res.end(`[{"favorited":false}] ${renders}`);
  });
  app.get("/no-s-maxage", page("public, max-age=60"));
  app.get("/private", page("private, max-age=60"));
  app.get("/cookie", page(PUBLIC, { setCookie: true }));
  app.get("/missing", page(PUBLIC, { status: 404 }));
  app.get("/poem/p1", page(PUBLIC, { poems: ["p1"], personal: true }));
  app.get("/list", page(PUBLIC));
  app.get("/ending-session", page(PUBLIC, { poems: ["p1"], personal: true, sessionEndsIn: -1 }));
  server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});
beforeEach(() => {
  cache.clear();
  renders = 0;
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${base}${path}`, { headers });

/** The raw bytes and headers, without fetch's automatic decompression. */
function rawGet(path: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(`${base}${path}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

describe("response cache", () => {
  it("renders a shareable page once and answers repeats from memory, with an ETag and 304", async () => {
    const first = await get("/public?x=1");
    expect(first.headers.get("x-cache")).toBe("MISS");
    const html = await first.text();
    const second = await get("/public?x=1");
    expect(second.headers.get("x-cache")).toBe("HIT");
    expect(await second.text()).toBe(html);
    expect(renders).toBe(1);

    const etag = second.headers.get("etag");
    expect(etag).toMatch(/^"[\w-]{32}"$/);
    expect(second.headers.get("cache-control")).toBe(PUBLIC);
    expect(second.headers.get("vary")).toBe("Accept-Encoding, Cookie");
    const revalidated = await get("/public?x=1", { "If-None-Match": etag! });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe("");

    // Another query string is another page.
    await get("/public?x=2");
    expect(renders).toBe(2);
  });

  it("says page data varies by Cookie, on the miss and on hits, so a browser never shows a signed-in reader the anonymous copy", async () => {
    const miss = await get("/poems/x.data");
    expect(miss.headers.get("x-cache")).toBe("MISS");
    expect(miss.headers.get("vary")).toMatch(/^Accept-Encoding, Cookie$/);
    const hit = await get("/poems/x.data");
    expect(hit.headers.get("x-cache")).toBe("HIT");
    expect(hit.headers.get("vary")).toBe("Accept-Encoding, Cookie");
  });

  it("sends hits compressed with brotli or gzip as the client accepts", async () => {
    const html = await (await get("/public")).text();
    const br = await rawGet("/public", { "Accept-Encoding": "gzip, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(Number(br.headers["content-length"])).toBe(br.body.length);
    expect(brotliDecompressSync(br.body).toString()).toBe(html);
    const gzip = await get("/public", { "Accept-Encoding": "gzip" });
    expect(await gzip.text()).toBe(html);
    const plain = await rawGet("/public", { "Accept-Encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(html);
    expect(renders).toBe(1);
  });

  it("keys pages by the reading preferences cookie", async () => {
    const dark = await (await get("/public", { Cookie: "reading_prefs=dark" })).text();
    const light = await (await get("/public", { Cookie: "reading_prefs=light" })).text();
    expect(dark).toContain("prefs=dark");
    expect(light).toContain("prefs=light");
    expect(await (await get("/public", { Cookie: "reading_prefs=dark" })).text()).toBe(dark);
    expect(renders).toBe(2);
  });

  it("bypasses signed-in readers and makes their responses private", async () => {
    await get("/public");
    const signedIn: Record<string, string>[] = [{ Cookie: "reading_prefs=dark; pc_session=abc" }, { Authorization: "Bearer x" }];
    for (const headers of signedIn) {
      const res = await get("/public", headers);
      expect(res.headers.get("x-cache")).toBe("BYPASS");
      expect(res.headers.get("cache-control")).toBe("private, no-cache");
    }
    expect(renders).toBe(3);
  });

  it("drops every entry when the data version moves", async () => {
    await get("/public");
    bumpDataVersion();
    const res = await get("/public");
    expect(res.headers.get("x-cache")).toBe("MISS");
    expect(renders).toBe(2);
  });

  it("never keeps what is not declared shareable, sets a cookie, or failed", async () => {
    for (const path of ["/no-s-maxage", "/private", "/cookie", "/missing"]) {
      await get(path);
      const again = await get(path);
      expect(again.headers.get("x-cache"), path).toBe("MISS");
    }
    expect(renders).toBe(8);
    expect(cache.size).toBe(0);
  });

  it("drops on a favorite only the answers about that poem, and those that may show any poem's count", async () => {
    for (const path of ["/poem/p1", "/list"]) await get(path);
    bumpDataVersion([FAVORITES, poemTag("p2")]);
    expect((await get("/poem/p1")).headers.get("x-cache")).toBe("HIT");
    expect((await get("/list")).headers.get("x-cache")).toBe("MISS");
    bumpDataVersion([FAVORITES, poemTag("p1")]);
    expect((await get("/poem/p1")).headers.get("x-cache")).toBe("MISS");
    expect(renders).toBe(4);
  });

  it("keeps a signed-in reader's page privately, per session, until something it shows changes", async () => {
    const ada = { Cookie: "reading_prefs=dark; pc_session=user1.a" };
    const sameUserOtherSession = { Cookie: "pc_session=user1.b" };
    const first = await get("/poem/p1", ada);
    const second = await get("/poem/p1", ada);
    expect([first.headers.get("x-private-cache"), second.headers.get("x-private-cache")]).toEqual(["MISS", "HIT"]);
    for (const res of [first, second]) {
      expect(res.headers.get("x-cache")).toBe("BYPASS");
      expect(res.headers.get("cache-control")).toBe("private, no-cache");
    }
    expect(await second.text()).toBe(await first.text());
    expect((await get("/poem/p1", sameUserOtherSession)).headers.get("x-private-cache")).toBe("MISS");
    expect(renders).toBe(2);
    // Another poem's favorite leaves it; this poem's, or the end of the reader's sessions, drop it.
    bumpDataVersion([FAVORITES, poemTag("p2")]);
    expect((await get("/poem/p1", ada)).headers.get("x-private-cache")).toBe("HIT");
    for (const tags of [[FAVORITES, poemTag("p1")], [userTag(1)]]) {
      bumpDataVersion(tags);
      expect((await get("/poem/p1", ada)).headers.get("x-private-cache"), tags.join()).toBe("MISS");
      expect((await get("/poem/p1", ada)).headers.get("x-private-cache"), tags.join()).toBe("HIT");
    }
    bumpDataVersion([userTag(2)]);
    expect((await get("/poem/p1", ada)).headers.get("x-private-cache")).toBe("HIT");
    expect(cache.size).toBe(0);
    expect(cache.personalSize).toBe(2);
  });

  it("keeps no signed-in page its route did not vouch for, nor one whose session has ended", async () => {
    const ada = { Cookie: "pc_session=user1.a" };
    for (const path of ["/list", "/ending-session"]) {
      await get(path, ada);
      expect((await get(path, ada)).headers.get("x-private-cache"), path).toBe("MISS");
    }
    // Signed out (no reader found for the cookie): not kept either.
    await get("/poem/p1", { Cookie: "pc_session=revoked" });
    expect((await get("/poem/p1", { Cookie: "pc_session=revoked" })).headers.get("x-private-cache")).toBe("MISS");
    expect(cache.personalSize).toBe(0);
  });

  it("sends an error page that a route declared public as no-store, so no shared cache pins it", async () => {
    const missing = await get("/missing");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("cache-control")).toBe("no-store");
    expect((await get("/public")).headers.get("cache-control")).toBe(PUBLIC);
  });
});

describe("header parsing", () => {
  it("reads s-maxage only from public responses", () => {
    expect(sharedMaxAge("public, max-age=0, s-maxage=300, stale-while-revalidate=86400")).toBe(300);
    expect(sharedMaxAge("public, max-age=60")).toBeNull();
    expect(sharedMaxAge("private, s-maxage=300")).toBeNull();
    expect(sharedMaxAge("public, no-store, s-maxage=300")).toBeNull();
    expect(sharedMaxAge("public, s-maxage=abc")).toBeNull();
    expect(sharedMaxAge(undefined)).toBeNull();
  });

  it("separates the key cookie from any other", () => {
    expect(readCookies("reading_prefs=a%20b", ["reading_prefs"])).toEqual({ key: "a%20b", other: false });
    expect(readCookies("x=1; reading_prefs=a", ["reading_prefs"])).toEqual({ key: "a", other: true });
    expect(readCookies(undefined, ["reading_prefs"])).toEqual({ key: "", other: false });
    expect(readCookies(" ; ", ["reading_prefs"])).toEqual({ key: "", other: false });
  });

  it("prefers br, then gzip, honouring q=0", () => {
    expect(pickEncoding("gzip, deflate, br")).toBe("br");
    expect(pickEncoding("gzip, br;q=0")).toBe("gzip");
    expect(pickEncoding("*")).toBe("br");
    expect(pickEncoding("identity")).toBe("identity");
    expect(pickEncoding(undefined)).toBe("identity");
  });
});
