import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppDatabase, type AppProcess, createAppDatabase, signUpOverHttp, startAppProcess } from "../helpers/app-process";
import { smallCorpus } from "../helpers/corpus";

/**
 * The cache of signed-in readers' poem pages (app/server/response-cache.server.ts) on the built server: a
 * repeat is answered from memory, yet every change the page shows is there on the next request (a favorite by
 * the reader or by anyone else, a sign-out), nothing leaks between readers, and a favorite of one poem leaves
 * the other poems' cached pages alone while the lists that rank by favorites are rendered again.
 */

interface Page {
  status: number;
  text: string;
  privateCache: string | null;
  sharedCache: string | null;
  cacheControl: string | null;
}

describe("signed-in page cache on the built server", () => {
  let database: AppDatabase;
  let app: AppProcess;
  let poems: string[];

  beforeAll(async () => {
    database = await createAppDatabase(await smallCorpus(), { prefix: "poetry_private_cache" });
    app = await startAppProcess({ port: 3714, databaseUrl: database.url, env: { API_RATE_LIMIT: "0" } });
    const list = (await (await fetch(`${app.url}/api/poems?per_page=3`)).json()) as { poems: { id: string }[] };
    poems = list.poems.map((p) => p.id);
  });
  afterAll(async () => {
    await app?.stop();
    await database?.drop();
  });

  async function page(path: string, cookie?: string): Promise<Page> {
    const res = await fetch(`${app.url}${path}`, { headers: cookie ? { cookie } : {} });
    return {
      status: res.status,
      text: await res.text(),
      privateCache: res.headers.get("x-private-cache"),
      sharedCache: res.headers.get("x-cache"),
      cacheControl: res.headers.get("cache-control"),
    };
  }

  const favorite = async (poemId: string, cookie: string) => {
    const res = await fetch(`${app.url}/api/poems/${poemId}/favorite`, { method: "POST", headers: { cookie, Origin: app.url } });
    expect(res.status).toBe(200);
    return (await res.json()) as { favorite_count: number };
  };
  const count = (html: string) => Number(/data-testid="favorite-button-count">(\d+)/.exec(html)?.[1] ?? 0);
  const pressed = (html: string) => /aria-pressed="true"/.test(html);

  it("answers a repeat from memory, private, with the reader's own state", async () => {
    const cookie = await signUpOverHttp(app.url, { firstName: "Mirabai" });
    const first = await page(`/poems/${poems[0]}`, cookie);
    const second = await page(`/poems/${poems[0]}`, cookie);
    expect([first.privateCache, second.privateCache]).toEqual(["MISS", "HIT"]);
    for (const res of [first, second]) {
      expect(res.status).toBe(200);
      expect(res.sharedCache).toBe("BYPASS");
      expect(res.cacheControl).toMatch(/^private\b/);
      expect(res.text).toContain("Sign Out");
    }
    // A fresh nonce each time, and the same page otherwise.
    const nonce = (html: string) => /nonce="([^"]+)"/.exec(html)?.[1];
    expect(nonce(second.text)).not.toBe(nonce(first.text));
    expect(second.text.replaceAll(nonce(second.text)!, "N")).toBe(first.text.replaceAll(nonce(first.text)!, "N"));
  });

  it("shows every favorite at once: the reader's, another reader's, and never one reader's page to another", async () => {
    const [ada, basho] = [await signUpOverHttp(app.url, { firstName: "Ada" }), await signUpOverHttp(app.url, { firstName: "Basho" })];
    const path = `/poems/${poems[1]}`;
    for (const cookie of [ada, basho, ada, basho]) await page(path, cookie);
    expect((await page(path, ada)).privateCache).toBe("HIT");
    const before = count((await page(path, ada)).text);

    // Basho favorites: Ada's page shows the new count, still not pressed; Basho's shows it pressed.
    expect((await favorite(poems[1], basho)).favorite_count).toBe(before + 1);
    const adaAfter = await page(path, ada);
    expect(adaAfter.privateCache).toBe("MISS");
    expect([count(adaAfter.text), pressed(adaAfter.text)]).toEqual([before + 1, false]);
    const bashoAfter = await page(path, basho);
    expect([count(bashoAfter.text), pressed(bashoAfter.text)]).toEqual([before + 1, true]);
    expect(bashoAfter.text).toContain("Basho");
    expect(bashoAfter.text).not.toContain("Ada");
    expect(count((await page(path)).text)).toBe(before + 1);

    // Ada favorites, then takes it back: each next page says so.
    await favorite(poems[1], ada);
    const pressedPage = await page(path, ada);
    expect([count(pressedPage.text), pressed(pressedPage.text)]).toEqual([before + 2, true]);
    expect((await page(path, ada)).privateCache).toBe("HIT");
    await favorite(poems[1], ada);
    const released = await page(path, ada);
    expect([count(released.text), pressed(released.text)]).toEqual([before + 1, false]);
  });

  it("drops only what a favorite changed: that poem's answers and the lists ranked by favorites", async () => {
    const cookie = await signUpOverHttp(app.url);
    const [kept, changed] = [poems[2], poems[0]];
    const paths = [`/poems/${kept}`, `/api/poems/${kept}`, "/popular", "/api/poems/popular", "/poems?sort=likes", `/poems/${changed}`];
    for (let i = 0; i < 2; i++) for (const path of paths) await page(path);
    await page(`/poems/${kept}`, cookie);
    await favorite(changed, cookie);
    const after = await Promise.all(paths.map((path) => page(path)));
    expect(Object.fromEntries(paths.map((path, i) => [path, after[i].sharedCache]))).toEqual({
      [`/poems/${kept}`]: "HIT",
      [`/api/poems/${kept}`]: "HIT",
      "/popular": "MISS",
      "/api/poems/popular": "MISS",
      "/poems?sort=likes": "MISS",
      [`/poems/${changed}`]: "MISS",
    });
    expect((await page(`/poems/${kept}`, cookie)).privateCache).toBe("HIT");
  });

  it("serves nothing of a session once it is signed out", async () => {
    const cookie = await signUpOverHttp(app.url, { firstName: "Hafez" });
    const path = `/poems/${poems[0]}`;
    await page(path, cookie);
    expect((await page(path, cookie)).privateCache).toBe("HIT");
    const out = await fetch(`${app.url}/logout`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie, Origin: app.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: "",
    });
    expect(out.status).toBe(303);
    // The old cookie, replayed: the page as anyone signed out sees it.
    const replayed = await page(path, cookie);
    expect(replayed.privateCache).toBe("MISS");
    expect(replayed.text).not.toContain("Sign Out");
    expect(replayed.text).not.toContain("Hafez");
  });
});
