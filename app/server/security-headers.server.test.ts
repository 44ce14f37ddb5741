import { mkdtempSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { createReadableStreamFromReadable } from "@react-router/node";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BODY_LIMIT_BYTES, bodyLimit } from "./body-limit.server";
import { errorResponder, sendError } from "./error-response.server";
import { createResponseCache } from "./response-cache.server";
import { applySecurityHeaders, nonceOf, securityHeaders } from "./security-headers.server";

/**
 * The middleware as createApp (web-server.server.ts) puts it together, around stand-ins for React Router: a
 * page that renders inline scripts with the request's nonce, a JSON read, and an action that reads its body
 * the way @react-router/express does (a web stream over the request). All over real HTTP.
 */
const PUBLIC = "public, max-age=0, s-maxage=300";
const errorPage = { siteName: "Poetry Commons" };
const cache = createResponseCache({ keyCookies: ["reading_prefs"], nonceOf });
let renders = 0;
/** Requests that reached Express (hits answered before it do not). */
let expressRuns = 0;
const received: string[] = [];

function buildApp(options: { nodeEnv: string; siteUrl?: string }) {
  const staticDir = mkdtempSync(path.join(tmpdir(), "security-static-"));
  writeFileSync(path.join(staticDir, "robots.txt"), "User-agent: *\n");
  const app = express();
  app.use((_req, _res, next) => {
    expressRuns++;
    next();
  });
  app.use(securityHeaders(options));
  app.use(bodyLimit({ tooLarge: (req, res, message) => sendError(req, res, 413, message, errorPage) }));
  app.use(cache.lookup);
  app.use(compression());
  app.use("/assets", express.static(staticDir, { fallthrough: false }));
  app.use(express.static(staticDir, { index: false }));
  app.use(cache.keep);
  app.get("/poem", (_req, res) => {
    renders++;
    const nonce = nonceOf(res) ?? "";
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.setHeader("Cache-Control", PUBLIC);
    res.write(`<!DOCTYPE html><html><head><script nonce="${nonce}">window.a=1</script></head><body>`);
    res.write(`${"<p>Because I could not stop for Death</p>".repeat(300)}`);
    res.end(`<script type="application/ld+json">{}</script><script nonce="${nonce}" type="module">1</script></body></html>`);
  });
  app.get("/api/poems", (_req, res) => {
    res.setHeader("Cache-Control", PUBLIC);
    res.json({ poems: [{ id: 1, title: "Ozymandias" }] });
  });
  app.post(["/settings", "/api/echo"], async (req, res) => {
    const request = new Request(`http://localhost${req.originalUrl}`, {
      method: "POST",
      headers: { "Content-Type": req.get("Content-Type") ?? "text/plain" },
      body: createReadableStreamFromReadable(req),
      duplex: "half",
    } as RequestInit);
    const text = await request.text();
    received.push(text);
    res.json({ length: text.length });
  });
  // React Router's catch-all not-found route, for everything else.
  app.use((req, res) => sendError(req, res, 404, "Nothing is published at this address.", errorPage));
  app.use(errorResponder(errorPage));
  return cache.hitsFirst(app, (req, res) => applySecurityHeaders(req, res, options));
}

async function listen(listener: http.RequestListener) {
  const server = http.createServer(listener).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

let server: http.Server;
let base: string;
beforeAll(async () => {
  ({ server, base } = await listen(buildApp({ nodeEnv: "test" })));
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});
beforeEach(() => {
  cache.clear();
  renders = 0;
  expressRuns = 0;
  received.length = 0;
});

/** Raw bytes and headers (fetch would decompress and hide Content-Encoding). */
function raw(pathname: string, options: { headers?: Record<string, string>; method?: string; body?: Buffer } = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = http.request(`${base}${pathname}`, { method: options.method ?? "GET", headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end(options.body);
  });
}

const headerNonce = (headers: http.IncomingHttpHeaders) =>
  /script-src 'self' 'nonce-([A-Za-z0-9_-]{22})'/.exec(String(headers["content-security-policy"]))?.[1];

/** The nonce attributes of the executable inline scripts (JSON-LD is data, which CSP does not run). */
function scriptNonces(html: string): (string | undefined)[] {
  return [...html.matchAll(/<script\b([^>]*)>/g)]
    .filter((m) => !/type="application\/ld\+json"/.test(m[1]!))
    .map((m) => /nonce="([^"]*)"/.exec(m[1]!)?.[1]);
}

function expectSecurityHeaders(headers: http.IncomingHttpHeaders) {
  const csp = String(headers["content-security-policy"]);
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9_-]{22}'(;|$)/);
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  for (const directive of ["frame-ancestors 'none'", "base-uri 'self'", "object-src 'none'", "form-action 'self'", "worker-src 'self'"]) {
    expect(csp).toContain(directive);
  }
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["permissions-policy"]).toContain("camera=()");
  expect(headers["permissions-policy"]).toContain("geolocation=()");
  expect(headers["permissions-policy"]).toContain("fullscreen=(self)");
}

describe("security headers", () => {
  it("are on a page, an API answer, a static file, a 404 page, an API 404 and a missing asset", async () => {
    const cases = [
      ["/poem", 200],
      ["/api/poems", 200],
      ["/robots.txt", 200],
      ["/no-such-page", 404],
      ["/api/no-such-call", 404],
      ["/assets/missing.js", 404],
    ] as const;
    for (const [pathname, status] of cases) {
      const res = await raw(pathname);
      expect(res.status, pathname).toBe(status);
      expectSecurityHeaders(res.headers);
      expect(res.headers["strict-transport-security"], pathname).toBeUndefined();
    }
    expect(JSON.parse((await raw("/api/no-such-call")).body.toString())).toEqual({
      error: "Nothing is published at this address.",
    });
  });

  it("give every inline script the header's nonce, a new one per request", async () => {
    const first = await raw("/poem");
    const second = await raw("/poem"); // a response-cache hit
    expect(second.headers["x-cache"]).toBe("HIT");
    for (const res of [first, second]) {
      expectSecurityHeaders(res.headers);
      const nonces = scriptNonces(res.body.toString());
      expect(nonces).toHaveLength(2);
      expect(nonces.every((n) => n === headerNonce(res.headers))).toBe(true);
    }
    expect(headerNonce(first.headers)).not.toBe(headerNonce(second.headers));
  });

  it("renew the nonce on every cache hit, plain or gzip (a brotli client gets gzip), without rendering again", async () => {
    await raw("/poem");
    const seen = new Set<string>();
    for (const encoding of ["identity", "gzip", "br, gzip", "gzip", "identity"]) {
      const res = await raw("/poem", { headers: { "Accept-Encoding": encoding } });
      expect(res.headers["x-cache"]).toBe("HIT");
      const expected = encoding === "identity" ? undefined : "gzip";
      expect(res.headers["content-encoding"]).toBe(expected);
      const html = (expected === "gzip" ? gunzipSync(res.body) : res.body).toString();
      expect(Number(res.headers["content-length"])).toBe(res.body.length);
      const nonce = headerNonce(res.headers)!;
      expect(scriptNonces(html)).toEqual([nonce, nonce]);
      seen.add(nonce);
    }
    expect(seen.size).toBe(5);
    expect(renders).toBe(1);
  });

  it("come with hits answered before Express runs, the same as with a hit Express answers", async () => {
    await raw("/poem");
    expect(expressRuns).toBe(1);
    const early = await raw("/poem");
    expect(early.headers["x-cache"]).toBe("HIT");
    expect(expressRuns).toBe(1);
    // A request with a body is left to Express (its body limit), where the cache's lookup answers the hit.
    const late = await raw("/poem", { body: Buffer.from("x"), headers: { "Content-Type": "text/plain", "Content-Length": "1" } });
    expect(late.headers["x-cache"]).toBe("HIT");
    expect(expressRuns).toBe(2);
    const names = (headers: http.IncomingHttpHeaders) => Object.keys(headers).filter((name) => name !== "date").sort();
    expect(names(early.headers)).toEqual(names(late.headers));
    for (const name of names(early.headers).filter((n) => n !== "content-security-policy")) {
      expect([name, early.headers[name]]).toEqual([name, late.headers[name]]);
    }
    expectSecurityHeaders(early.headers);
    expect(scriptNonces(early.body.toString())).toEqual([headerNonce(early.headers), headerNonce(early.headers)]);
    // /api answers count against the rate limit in front of the cache: their hits always go through Express.
    await raw("/api/poems");
    expect((await raw("/api/poems")).headers["x-cache"]).toBe("HIT");
    expect(expressRuns).toBe(4);
  });

  it("send no new CSP with a 304, so the browser's kept page keeps its own nonce", async () => {
    await raw("/poem");
    const first = await raw("/poem");
    expect(first.headers["x-cache"]).toBe("HIT");
    const hit = await raw("/poem", { headers: { "If-None-Match": String(first.headers.etag) } });
    expect(hit.status).toBe(304);
    expect(hit.headers["content-security-policy"]).toBeUndefined();
    expect(hit.headers["x-frame-options"]).toBe("DENY");
  });

  it("add HSTS in production over HTTPS only", async () => {
    const production = await listen(buildApp({ nodeEnv: "production" }));
    const publicHttps = await listen(buildApp({ nodeEnv: "production", siteUrl: "https://poems.example" }));
    try {
      const get = (url: string, headers: Record<string, string> = {}) => fetch(url, { headers });
      const overHttps = await get(`${production.base}/robots.txt`, { "X-Forwarded-Proto": "https" });
      expect(overHttps.headers.get("strict-transport-security")).toBe("max-age=31536000");
      expect((await get(`${production.base}/poem`)).headers.get("strict-transport-security")).toBeNull();
      expect((await get(`${publicHttps.base}/api/poems`)).headers.get("strict-transport-security")).toBe(
        "max-age=31536000",
      );
      // Not in development or test, whatever the scheme.
      const dev = await get(`${base}/poem`, { "X-Forwarded-Proto": "https" });
      expect(dev.headers.get("strict-transport-security")).toBeNull();
    } finally {
      for (const s of [production.server, publicHttps.server]) {
        s.closeAllConnections();
        s.close();
      }
    }
  });
});

describe("request body limit", () => {
  const oversized = Buffer.alloc(BODY_LIMIT_BYTES + 1, "a");

  it("answers 413 JSON naming the limit for an oversized /api body, before the route reads it", async () => {
    const res = await raw("/api/echo", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Content-Length": String(oversized.length) },
      body: oversized,
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body.toString())).toEqual({
      error: "The request body is larger than the limit of 64 KB (65536 bytes).",
    });
    expectSecurityHeaders(res.headers);
    expect(received).toEqual([]);
  });

  it("answers 413 with a page for an oversized form, and lets a body at the limit through", async () => {
    const form = { "Content-Type": "application/x-www-form-urlencoded" };
    const tooBig = await raw("/settings", { method: "POST", headers: form, body: oversized });
    expect(tooBig.status).toBe(413);
    expect(tooBig.headers["content-type"]).toMatch(/^text\/html/);
    const html = tooBig.body.toString();
    expect(html).toContain("<h1 id=\"error-heading\" class=\"error-view__title\">Request too large</h1>");
    expect(html).toContain("larger than the limit of 64 KB");
    expect(received).toEqual([]);

    const atLimit = await raw("/settings", { method: "POST", headers: form, body: oversized.subarray(1) });
    expect(atLimit.status).toBe(200);
    expect(received).toEqual([oversized.subarray(1).toString()]);
  });

  it("passes a chunked body within the limit to the route intact, and an empty one too", async () => {
    const post = (chunks: string[]) =>
      new Promise<number>((resolve, reject) => {
        const req = http.request(`${base}/api/echo`, { method: "POST", headers: { "Transfer-Encoding": "chunked" } });
        req.on("response", (res) => res.resume().on("end", () => resolve(res.statusCode ?? 0)));
        req.on("error", reject);
        for (const chunk of chunks) req.write(chunk);
        req.end();
      });
    expect(await post(["themeStyle=woodland&", "isDark=true&", "x".repeat(60_000)])).toBe(200);
    expect(await post([])).toBe(200);
    expect(received).toEqual([`themeStyle=woodland&isDark=true&${"x".repeat(60_000)}`, ""]);
  });

  it("cuts a chunked body off at the limit: 413 arrives while the client is still sending", async () => {
    const result = await new Promise<{ status: number; body: string; sentWhenAnswered: number }>((resolve, reject) => {
      const req = http.request(`${base}/api/echo`, {
        method: "POST",
        headers: { "Transfer-Encoding": "chunked", "Content-Type": "application/json" },
      });
      let sent = 0;
      let answered = false;
      const chunk = Buffer.alloc(16 * 1024, "b");
      const pump = () => {
        // Up to 4 MB, slowly enough that the answer can come back first.
        if (answered || sent >= 4 * 1024 * 1024) return req.end();
        sent += chunk.length;
        req.write(chunk, () => setTimeout(pump, 2));
      };
      req.on("response", (res) => {
        answered = true;
        const sentWhenAnswered = sent;
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString(), sentWhenAnswered }));
      });
      req.on("error", reject);
      pump();
    });
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body).error).toContain("64 KB");
    expect(result.sentWhenAnswered).toBeLessThan(1024 * 1024);
    expect(received).toEqual([]);
  });
});
