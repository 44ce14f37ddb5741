import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { PREFERENCES_COOKIE } from "~/lib/reading-preferences";
import { createApiAccess } from "./api-access.server";
import type { RateCounter } from "./rate-counter.server";
import { ErrorSchema } from "./api-shapes.server";
import { createResponseCache } from "./response-cache.server";

/**
 * The /api access layer over real HTTP, mounted as web-server.server.ts mounts it: before the in-process
 * response cache, in front of a handler that counts how often it really runs.
 */

let server: Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
  server = undefined;
});

async function serve(options: {
  limit: number;
  windowSeconds?: number;
  now?: () => number;
  trustProxy?: boolean;
  counter?: RateCounter;
}) {
  const app = express();
  if (options.trustProxy) app.set("trust proxy", true);
  app.use(
    "/api",
    createApiAccess({
      limit: options.limit,
      windowSeconds: options.windowSeconds ?? 60,
      anonymousCookies: [PREFERENCES_COOKIE],
      now: options.now,
      counter: options.counter,
    }),
  );
  const cache = createResponseCache({ keyCookies: [PREFERENCES_COOKIE] });
  app.use(cache.lookup);
  app.use(cache.keep);
  const handled = { count: 0 };
  app.get("/api/poems", (_req, res) => {
    handled.count++;
    res.setHeader("Cache-Control", "public, max-age=60, s-maxage=300");
    res.json({ poems: [] });
  });
  app.post("/api/contact", (_req, res) => {
    handled.count++;
    res.json({ success: true });
  });
  app.get("/poems", (_req, res) => {
    res.send("<p>page</p>");
  });
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, handled };
}

describe("CORS on /api", () => {
  it("lets any site read anonymous GET and HEAD answers, never with credentials", async () => {
    const { base } = await serve({ limit: 0 });
    for (const method of ["GET", "HEAD"]) {
      const res = await fetch(`${base}/api/poems`, { method, headers: { Origin: "https://class.example" } });
      expect(res.status).toBe(200);
      expect(res.headers.get("Access-Control-Allow-Origin")).toBe("*");
      expect(res.headers.get("Access-Control-Allow-Credentials")).toBeNull();
      expect(res.headers.get("Access-Control-Expose-Headers")).toContain("Link");
    }
    const withPreferences = await fetch(`${base}/api/poems`, { headers: { Cookie: `${PREFERENCES_COOKIE}=x` } });
    expect(withPreferences.headers.get("Access-Control-Allow-Origin")).toBe("*");
  });

  it("answers a preflight with the allowed methods and headers", async () => {
    const { base, handled } = await serve({ limit: 0 });
    const res = await fetch(`${base}/api/poems`, {
      method: "OPTIONS",
      headers: {
        Origin: "https://class.example",
        "Access-Control-Request-Method": "GET",
        "Access-Control-Request-Headers": "if-none-match",
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(res.headers.get("Access-Control-Allow-Methods")).toBe("GET, HEAD, OPTIONS");
    expect(res.headers.get("Access-Control-Allow-Headers")).toContain("If-None-Match");
    expect(res.headers.get("Access-Control-Max-Age")).toBe("86400");
    expect(res.headers.get("Access-Control-Allow-Credentials")).toBeNull();
    expect(handled.count).toBe(0);
  });

  it("gives personal calls (a session cookie or a bearer token) and pages no CORS headers", async () => {
    const { base } = await serve({ limit: 0 });
    const withSession = await fetch(`${base}/api/poems`, { headers: { Cookie: "pc_session=abc" } });
    expect(withSession.status).toBe(200);
    expect(withSession.headers.get("Access-Control-Allow-Origin")).toBeNull();
    const withBearer = await fetch(`${base}/api/poems`, { headers: { Authorization: "Bearer abc" } });
    expect(withBearer.headers.get("Access-Control-Allow-Origin")).toBeNull();
    const page = await fetch(`${base}/poems`);
    expect(page.headers.get("Access-Control-Allow-Origin")).toBeNull();
    expect(page.headers.get("RateLimit-Limit")).toBeNull();
  });

  it("never lets another site post (the contact form, subscriptions): no POST in the preflight, no Allow-Origin on the answer", async () => {
    const { base, handled } = await serve({ limit: 0 });
    const preflight = await fetch(`${base}/api/contact`, {
      method: "OPTIONS",
      headers: {
        Origin: "https://elsewhere.example",
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "content-type",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("Access-Control-Allow-Methods")?.split(/,\s*/)).not.toContain("POST");
    expect(handled.count).toBe(0);
    // A "simple" cross-origin POST needs no preflight; without Allow-Origin the browser keeps its answer from the page.
    const credentials: Record<string, string>[] = [{}, { Cookie: "pc_session=abc" }, { Authorization: "Bearer abc" }];
    for (const headers of credentials) {
      const posted = await fetch(`${base}/api/contact`, {
        method: "POST",
        headers: { Origin: "https://elsewhere.example", "Content-Type": "text/plain", ...headers },
        body: "{}",
      });
      expect(posted.status).toBe(200);
      expect(posted.headers.get("Access-Control-Allow-Origin")).toBeNull();
      expect(posted.headers.get("Access-Control-Allow-Credentials")).toBeNull();
    }
  });
});

describe("rate limit on /api", () => {
  it("counts every call per address, cache hits too, then answers 429 JSON with Retry-After", async () => {
    const start = Date.UTC(2026, 10, 23, 12, 0, 15);
    const { base, handled } = await serve({ limit: 3, windowSeconds: 60, now: () => start });
    const remaining: string[] = [];
    const cacheStates: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${base}/api/poems`);
      expect(res.status).toBe(200);
      expect(res.headers.get("RateLimit-Limit")).toBe("3");
      expect(res.headers.get("RateLimit-Reset")).toBe("45");
      remaining.push(res.headers.get("RateLimit-Remaining") as string);
      cacheStates.push(res.headers.get("X-Cache") as string);
    }
    expect(remaining).toEqual(["2", "1", "0"]);
    expect(cacheStates).toEqual(["MISS", "HIT", "HIT"]);
    expect(handled.count).toBe(1);

    const refused = await fetch(`${base}/api/poems`, { headers: { Origin: "https://class.example" } });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBe("45");
    expect(refused.headers.get("RateLimit-Remaining")).toBe("0");
    expect(refused.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(refused.headers.get("Access-Control-Allow-Origin")).toBe("*");
    const body = await refused.json();
    expect(ErrorSchema.strict().safeParse(body).success).toBe(true);
    expect(body).toEqual({
      error: "Too many requests: at most 3 API calls per 60 seconds from one address",
      retry_after: 45,
    });
    expect(handled.count).toBe(1);
  });

  it("starts afresh in the next window", async () => {
    let now = Date.UTC(2026, 10, 23, 12, 0, 59);
    const { base } = await serve({ limit: 1, windowSeconds: 60, now: () => now });
    expect((await fetch(`${base}/api/poems`)).status).toBe(200);
    const refused = await fetch(`${base}/api/poems`);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBe("1");
    now += 1_000;
    const next = await fetch(`${base}/api/poems`);
    expect(next.status).toBe(200);
    expect(next.headers.get("RateLimit-Remaining")).toBe("0");
    expect(next.headers.get("RateLimit-Reset")).toBe("60");
  });

  it("keeps separate counts per client address as a trusted proxy reports them", async () => {
    const { base } = await serve({ limit: 1, trustProxy: true });
    const from = (ip: string) => fetch(`${base}/api/poems`, { headers: { "X-Forwarded-For": ip } });
    expect((await from("203.0.113.7")).status).toBe(200);
    expect((await from("203.0.113.7")).status).toBe(429);
    expect((await from("198.51.100.2")).status).toBe(200);
  });

  it("ignores X-Forwarded-For when no proxy is trusted", async () => {
    const { base } = await serve({ limit: 1 });
    expect((await fetch(`${base}/api/poems`, { headers: { "X-Forwarded-For": "203.0.113.7" } })).status).toBe(200);
    expect((await fetch(`${base}/api/poems`, { headers: { "X-Forwarded-For": "198.51.100.2" } })).status).toBe(429);
  });

  it("is off with a limit of 0: no headers, never 429", async () => {
    const { base } = await serve({ limit: 0 });
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${base}/api/poems`);
      expect(res.status).toBe(200);
      expect(res.headers.get("RateLimit-Limit")).toBeNull();
    }
  });

  it("lets calls through uncounted, without RateLimit headers, when the counter cannot count (Redis down)", async () => {
    const { base, handled } = await serve({ limit: 1, counter: () => Promise.resolve(null) });
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${base}/api/poems`);
      expect(res.status).toBe(200);
      expect(res.headers.get("RateLimit-Limit")).toBeNull();
    }
    expect(handled.count).toBe(1);
  });
});
