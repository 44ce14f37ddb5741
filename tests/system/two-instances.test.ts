import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppDatabase, type AppProcess, createAppDatabase, startAppProcess } from "../helpers/app-process";
import { smallCorpus } from "../helpers/corpus";
import { type HttpAnswer, requestFrom } from "../helpers/http-from";
import { NGINX, type Nginx, startNginx } from "../helpers/nginx";
import { dropKeys, missing, requireRedis, testKeyPrefix, testRedisUrl } from "../helpers/redis";

/**
 * Two app processes behind nginx (the committed deploy/nginx.conf, round-robin) over one PostgreSQL database
 * and one Redis: to a reader they are one site. Every scenario speaks from its own loopback address
 * (127.0.0.x), which nginx passes on as X-Forwarded-For and the app believes (TRUST_PROXY=loopback), so the
 * scenarios' /api calls do not share a rate-limit budget.
 */

const NGINX_PORT = 3720;
const PORTS = [3721, 3722];
const LIMIT = 20;
const redisUrl = testRedisUrl();
const keyPrefix = testKeyPrefix("two-instances");
const available =
  (existsSync(NGINX) || missing(`nginx is not installed at ${NGINX}`, "apt-get install nginx-light")) && (await requireRedis(redisUrl));

let database: AppDatabase;
let apps: AppProcess[] = [];
let nginx: Nginx;
let poem: { id: string; title: string };

beforeAll(async () => {
  if (!available) return;
  database = await createAppDatabase(await smallCorpus(), { prefix: "poetry_two" });
  const env = {
    SESSION_SECRET: randomBytes(32).toString("hex"),
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: keyPrefix,
    API_RATE_LIMIT: String(LIMIT),
    API_RATE_LIMIT_WINDOW: "86400",
    TRUST_PROXY: "loopback",
  };
  // As in production: one process runs the timed jobs, the other serves only.
  apps = await Promise.all([
    startAppProcess({ port: PORTS[0], databaseUrl: database.url, env }),
    startAppProcess({ port: PORTS[1], databaseUrl: database.url, env, args: ["--no-scheduler"] }),
  ]);
  nginx = await startNginx(NGINX_PORT, PORTS);
  const list = await requestFrom(`${apps[0].url}/api/poems?per_page=1`, { from: "127.0.0.10" });
  poem = list.json().poems[0];
});

afterAll(async () => {
  if (!available) return;
  await nginx?.stop();
  await Promise.all(apps.map((app) => app.stop()));
  await database?.drop();
  await dropKeys(redisUrl, keyPrefix);
});

/** The app processes (host:port) nginx sent the last `count` requests to. */
function lastUpstreams(count: number): string[] {
  return nginx.served().slice(-count).map((line) => line.upstream);
}

const upstreamOf = (index: number) => `127.0.0.1:${PORTS[index]}`;

async function signUp(from: string, email: string): Promise<string> {
  const res = await requestFrom(`${nginx.url}/login`, {
    from,
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: nginx.url },
    body: new URLSearchParams({ intent: "signup", redirectTo: "/", firstName: "Ada", email, password: "Autumn-Mists-1819!" }).toString(),
  });
  expect(res.status, res.text).toBe(303);
  const cookie = (res.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).find((c) => c.startsWith("pc_session="));
  expect(cookie).toBeDefined();
  return cookie as string;
}

describe.skipIf(!available)("two app processes behind nginx", () => {
  it("starts the timed jobs in one process only", () => {
    expect(apps[0].output()).not.toContain("Scheduler off");
    expect(apps[1].output()).toContain("Scheduler off");
  });

  it("keeps a reader signed in on whichever process answers", async () => {
    const from = "127.0.0.11";
    const cookie = await signUp(from, "ada@two.example");
    const profiles: HttpAnswer[] = [];
    for (let i = 0; i < 2; i++) profiles.push(await requestFrom(`${nginx.url}/api/profile`, { from, headers: { Cookie: cookie } }));
    // Round-robin: the two calls went to different processes, and both knew the reader.
    expect(new Set(lastUpstreams(2))).toEqual(new Set([upstreamOf(0), upstreamOf(1)]));
    for (const app of apps) profiles.push(await requestFrom(`${app.url}/api/profile`, { from, headers: { Cookie: cookie } }));
    // The same account (its creation time) everywhere; without the cookie, nobody.
    expect(profiles.map((res) => res.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(profiles.map((res) => res.json().created_at)).size).toBe(1);
    expect((await requestFrom(`${nginx.url}/api/profile`, { from })).status).toBe(401);
  });

  it("counts the /api rate limit across both processes, by the client's address, not what it claims", async () => {
    const from = "127.0.0.12";
    const remaining: string[] = [];
    for (let i = 0; i < LIMIT; i++) {
      // A client cannot pick its address: nginx replaces any X-Forwarded-For with the connecting one.
      const res = await requestFrom(`${nginx.url}/api/poems?per_page=1`, { from, headers: { "X-Forwarded-For": `203.0.113.${i}` } });
      expect(res.status).toBe(200);
      remaining.push(res.headers["ratelimit-remaining"] as string);
    }
    expect(remaining).toEqual(Array.from({ length: LIMIT }, (_, i) => String(LIMIT - 1 - i)));
    expect(new Set(lastUpstreams(LIMIT))).toEqual(new Set([upstreamOf(0), upstreamOf(1)]));
    const refused = [await requestFrom(`${nginx.url}/api/poems?per_page=1`, { from }), await requestFrom(`${nginx.url}/api/poems?per_page=1`, { from })];
    expect(refused.map((res) => res.status)).toEqual([429, 429]);
    expect(new Set(lastUpstreams(2))).toEqual(new Set([upstreamOf(0), upstreamOf(1)]));
    expect(refused[0].json().error).toBe(`Too many requests: at most ${LIMIT} API calls per 86400 seconds from one address`);
    // Each process directly, too; another reader is not affected.
    for (const app of apps) expect((await requestFrom(`${app.url}/api/poems?per_page=1`, { from })).status).toBe(429);
    expect((await requestFrom(`${nginx.url}/api/poems?per_page=1`, { from: "127.0.0.14" })).status).toBe(200);
  });

  it("shows a favorite made through one process on the other: the reader's list and the cached public count", async () => {
    const from = "127.0.0.13";
    const [a, b] = apps;
    const cookie = await signUp(from, "basho@two.example");
    // Process B caches the anonymous poem JSON and page before the favorite.
    for (let i = 0; i < 2; i++) {
      const json = await requestFrom(`${b.url}/api/poems/${poem.id}`, { from });
      expect(json.json().favorite_count).toBe(0);
      const page = await requestFrom(`${b.url}/poems/${poem.id}`, { from });
      expect(page.text).not.toContain('data-testid="favorite-button-count"');
      if (i === 1) expect([json.headers["x-cache"], page.headers["x-cache"]]).toEqual(["HIT", "HIT"]);
    }

    const favorited = await requestFrom(`${a.url}/api/poems/${poem.id}/favorite`, {
      from,
      method: "POST",
      headers: { Cookie: cookie, Origin: a.url },
    });
    expect(favorited.json()).toEqual({ action: "favorited", favorite_count: 1 });

    // B hears of it through PostgreSQL's NOTIFY, a moment later.
    const deadline = Date.now() + 5_000;
    let count = 0;
    while (Date.now() < deadline) {
      count = (await requestFrom(`${b.url}/api/poems/${poem.id}`, { from })).json().favorite_count;
      if (count === 1) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(count).toBe(1);
    const page = await requestFrom(`${b.url}/poems/${poem.id}`, { from });
    expect(page.text).toMatch(/data-testid="favorite-button-count">1</);

    const list = await requestFrom(`${b.url}/api/favorites`, { from, headers: { Cookie: cookie } });
    expect(list.status).toBe(200);
    expect(list.text).toContain(poem.id);
    for (let i = 0; i < 2; i++) {
      const screen = await requestFrom(`${nginx.url}/favorites`, { from, headers: { Cookie: cookie } });
      expect(screen.status).toBe(200);
      expect(screen.text).toContain(poem.title);
    }
    expect(new Set(lastUpstreams(2))).toEqual(new Set([upstreamOf(0), upstreamOf(1)]));
  });

  it("keeps the signed-in pages one process cached exact when a favorite or a sign-out happens on the other", async () => {
    const from = "127.0.0.16";
    const [a, b] = apps;
    const [reader, other] = [await signUp(from, "li@two.example"), await signUp(from, "du@two.example")];
    const readerPage = () => requestFrom(`${b.url}/poems/${poem.id}`, { from, headers: { Cookie: reader } });
    const countOf = (html: string) => Number(/data-testid="favorite-button-count">(\d+)/.exec(html)?.[1] ?? 0);
    await readerPage();
    const cached = await readerPage();
    expect(cached.headers["x-private-cache"]).toBe("HIT");
    const before = countOf(cached.text);
    /** B's page for the reader, as soon as it passes `check` (B hears through NOTIFY, a moment later). */
    const eventually = async (check: (html: string) => boolean) => {
      const deadline = Date.now() + 5_000;
      let page = await readerPage();
      while (!check(page.text) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        page = await readerPage();
      }
      return page;
    };

    const favorited = await requestFrom(`${a.url}/api/poems/${poem.id}/favorite`, {
      from,
      method: "POST",
      headers: { Cookie: other, Origin: a.url },
    });
    expect(favorited.json().favorite_count).toBe(before + 1);
    const after = await eventually((html) => countOf(html) === before + 1);
    expect(countOf(after.text)).toBe(before + 1);
    expect(after.text).not.toContain('aria-pressed="true"');

    const out = await requestFrom(`${a.url}/logout`, {
      from,
      method: "POST",
      headers: { Cookie: reader, Origin: a.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: "",
    });
    expect(out.status).toBe(303);
    expect((await eventually((html) => !html.includes("Sign Out"))).text).not.toContain("Sign Out");
  });

  it("keeps serving, uncounted and with a logged warning, when Redis cannot be reached", async () => {
    // Nothing listens on port 3729 (kept free for this): a Redis that is down, from the start.
    const lonely = await startAppProcess({
      port: 3723,
      databaseUrl: database.url,
      env: { REDIS_URL: "redis://127.0.0.1:3729", API_RATE_LIMIT: "1" },
      args: ["--no-scheduler"],
    });
    try {
      for (let i = 0; i < 3; i++) {
        const res = await requestFrom(`${lonely.url}/api/poems?per_page=1`, { from: "127.0.0.15" });
        expect(res.status).toBe(200);
        expect(res.headers["ratelimit-limit"]).toBeUndefined();
      }
      expect(lonely.output()).toMatch(/Redis at redis:\/\/127\.0\.0\.1:3729\/? is unreachable/);
      expect(lonely.output()).toContain("API rate limit not counted");
    } finally {
      await lonely.stop();
    }
  });
});
