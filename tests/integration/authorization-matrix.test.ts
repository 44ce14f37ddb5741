import { afterAll, beforeAll, describe, expect, test } from "vitest";
import * as favoritesApi from "~/routes/api/favorites";
import * as favoriteToggleApi from "~/routes/api/poem.favorite";
import * as favoriteStatusApi from "~/routes/api/poem.favorite-status";
import * as viewApi from "~/routes/api/poems.view";
import * as profileApi from "~/routes/api/profile";
import * as historyApi from "~/routes/api/profile.reading-history";
import * as favoritesPage from "~/routes/favorites";
import * as profilePage from "~/routes/profile";
import * as settingsPage from "~/routes/settings";
import { getUser } from "~/server/auth/auth.server";
import { type DB, setDb } from "~/server/db.server";
import { type Answer, formPost, get, ORIGIN, run, seedPoems } from "../helpers/accounts";
import { createTestDb, type TestDb } from "../helpers/db";
import { bearerFor, cookieOf, freshIp, signIn, signUp } from "../helpers/sessions";

/**
 * Every personal call, by anonymous, reader A and reader B, each signed in by cookie and by bearer token:
 * anonymous is refused (401 JSON, or /login for pages), and B never sees or changes A's favorites, history,
 * profile, settings or password.
 */

let testDb: TestDb;
let db: DB;
let poems: { id: string }[];
const A = { email: "a@example.org", password: "reader A password", cookie: "", bearer: "", id: 0 };
const B = { email: "b@example.org", password: "reader B password", cookie: "", bearer: "", id: 0 };
type Reader = typeof A;
type Credential = { name: string; headers: (r: Reader) => Record<string, string> };
const CREDENTIALS: Credential[] = [
  { name: "cookie", headers: (r) => ({ Cookie: r.cookie }) },
  { name: "bearer", headers: (r) => ({ Authorization: `Bearer ${r.bearer}` }) },
];

beforeAll(async () => {
  testDb = await createTestDb();
  db = testDb.db;
  setDb(db);
  poems = await seedPoems(db, 4);
  for (const reader of [A, B]) {
    await signUp(reader.email[0].toUpperCase(), reader.email, reader.password);
    reader.cookie = cookieOf(await signIn(reader.email, reader.password));
    reader.bearer = await bearerFor(reader.cookie);
    reader.id = (await getUser(get("/", { Cookie: reader.cookie })))!.id;
  }
  // A's data: a favorite, a view, settings.
  const toggle = new Request(`${ORIGIN}/api/poems/${poems[0].id}/favorite`, { method: "POST", headers: { Origin: ORIGIN, Cookie: A.cookie } });
  expect((await run(favoriteToggleApi.action, toggle, { id: poems[0].id })).body.action).toBe("favorited");
  expect((await view({ Cookie: A.cookie }, poems[1].id)).body).toEqual({ recorded: true });
  const saved = await run(settingsPage.action, formPost("/settings", { intent: "save", fontFamily: "courier", fontSize: "0.75" }, { Cookie: A.cookie }));
  expect(saved.status).toBe(200);
});

afterAll(async () => {
  await testDb?.destroy();
});

function view(headers: Record<string, string>, poemId: string): Promise<Answer> {
  const request = new Request(`${ORIGIN}/api/poems/view`, {
    method: "POST",
    headers: { Origin: ORIGIN, "Content-Type": "application/json", "X-Session-ID": "matrix", ...headers },
    body: JSON.stringify({ poem_id: poemId, source: "poem-page" }),
  });
  return run(viewApi.action, request);
}

/** The personal API calls, each as a function of the request headers. */
const API_CALLS: { name: string; call: (headers: Record<string, string>) => Promise<Answer> }[] = [
  { name: "GET /api/favorites", call: (h) => run(favoritesApi.loader, get("/api/favorites", h)) },
  {
    name: "GET /api/poems/{id}/favorite/status",
    call: (h) => run(favoriteStatusApi.loader, get(`/api/poems/${poems[0].id}/favorite/status`, h), { id: poems[0].id }),
  },
  {
    name: "POST /api/poems/{id}/favorite",
    call: (h) =>
      run(
        favoriteToggleApi.action,
        new Request(`${ORIGIN}/api/poems/${poems[2].id}/favorite`, { method: "POST", headers: { Origin: ORIGIN, ...h } }),
        { id: poems[2].id },
      ),
  },
  { name: "GET /api/profile", call: (h) => run(profileApi.loader, get("/api/profile", h)) },
  { name: "GET /api/profile/reading-history", call: (h) => run(historyApi.loader, get("/api/profile/reading-history", h)) },
  { name: "POST /api/poems/view", call: (h) => view(h, poems[3].id) },
];

describe("anonymous", () => {
  for (const { name, call } of API_CALLS) {
    test(`${name}: 401 JSON without credentials, and with a forged bearer token`, async () => {
      for (const headers of [{}, { Authorization: "Bearer not.a.token" }] as Record<string, string>[]) {
        const answer = await call(headers);
        expect(answer.status).toBe(401);
        expect(answer.headers.get("Content-Type")).toMatch(/application\/json/);
        expect(answer.body.error).toMatch(/Sign in required|Invalid or expired bearer token/);
      }
    });
  }

  test("personal pages send to /login; page posts change nothing", async () => {
    for (const [page, loader] of [
      ["/favorites", favoritesPage.loader],
      ["/profile", profilePage.loader],
    ] as const) {
      // A bearer token is for the API: pages go by the session cookie only.
      for (const headers of [{}, { Authorization: `Bearer ${A.bearer}` }] as Record<string, string>[]) {
        const answer = await run(loader, get(page, headers));
        expect(answer.status).toBe(302);
        expect(answer.location).toBe(`/login?redirectTo=${encodeURIComponent(page)}`);
      }
    }
    const favorite = await run(favoritesPage.action, formPost("/favorites", { poemId: poems[2].id, intent: "favorite" }));
    expect(favorite.status).toBe(401);
    const noJs = await run(favoritesPage.action, formPost("/favorites", { poemId: poems[2].id, intent: "favorite", redirectTo: "/poems" }));
    expect(noJs.status).toBe(303);
    expect(noJs.location).toBe("/login?redirectTo=%2Fpoems");
    const password = await run(
      profilePage.action,
      formPost("/profile", { intent: "change-password", currentPassword: A.password, newPassword: "x".repeat(10), confirmPassword: "x".repeat(10) }),
      {},
      freshIp(),
    );
    expect(password.location).toMatch(/^\/login/);
    // Settings work signed out (a cookie on this browser) but touch no account.
    const settings = await run(settingsPage.action, formPost("/settings", { intent: "save", fontFamily: "inter" }));
    expect(settings.status).toBe(200);
    const rows = await db.selectFrom("favorites").select("user_id").where("poem_id", "=", poems[2].id).execute();
    expect(rows).toEqual([]);
    const settingsRows = await db.selectFrom("user_settings").select("user_id").execute();
    expect(settingsRows.map((r) => r.user_id)).toEqual([A.id]);
  });
});

describe.each(CREDENTIALS)("signed in by $name", ({ headers }) => {
  test("A sees A's own data", async () => {
    const favorites = await run(favoritesApi.loader, get("/api/favorites", headers(A)));
    expect(favorites.body.map((f: { id: string }) => f.id)).toEqual([poems[0].id]);
    const status = await run(favoriteStatusApi.loader, get(`/api/poems/${poems[0].id}/favorite/status`, headers(A)), { id: poems[0].id });
    expect(status.body).toEqual({ is_favorited: true, favorite_count: 1 });
    const profile = await run(profileApi.loader, get("/api/profile", headers(A)));
    expect(profile.body.stats).toEqual({ favorite_count: 1, view_count: 1 });
    const history = await run(historyApi.loader, get("/api/profile/reading-history", headers(A)));
    expect(history.body.views.map((v: { poem: { id: string } }) => v.poem.id)).toEqual([poems[1].id]);
  });

  test("B sees none of A's favorites, views or profile numbers", async () => {
    expect((await run(favoritesApi.loader, get("/api/favorites", headers(B)))).body).toEqual([]);
    const status = await run(favoriteStatusApi.loader, get(`/api/poems/${poems[0].id}/favorite/status`, headers(B)), { id: poems[0].id });
    expect(status.body).toEqual({ is_favorited: false, favorite_count: 1 });
    expect((await run(profileApi.loader, get("/api/profile", headers(B)))).body.stats).toEqual({ favorite_count: 0, view_count: 0 });
    expect((await run(historyApi.loader, get("/api/profile/reading-history", headers(B)))).body).toEqual({ views: [] });
  });

  test("B's writes change only B's data", async () => {
    const toggle = () =>
      run(
        favoriteToggleApi.action,
        new Request(`${ORIGIN}/api/poems/${poems[0].id}/favorite`, { method: "POST", headers: { Origin: ORIGIN, ...headers(B) } }),
        { id: poems[0].id },
      );
    expect((await toggle()).body).toEqual({ action: "favorited", favorite_count: 2 });
    expect((await toggle()).body).toEqual({ action: "unfavorited", favorite_count: 1 });
    const aFavorites = await db.selectFrom("favorites").select("poem_id").where("user_id", "=", A.id).execute();
    expect(aFavorites).toEqual([{ poem_id: poems[0].id }]);

    expect((await view(headers(B), poems[1].id)).status).toBe(200);
    const aViews = await db.selectFrom("poem_views").select("poem_id").where("user_id", "=", A.id).execute();
    expect(aViews).toEqual([{ poem_id: poems[1].id }]);
    await db.deleteFrom("poem_views").where("user_id", "=", B.id).execute();
    await db.deleteFrom("recent_poem_views").execute();
  });
});

describe("pages by cookie", () => {
  test("/favorites and /profile show each reader their own", async () => {
    const aFav = await run(favoritesPage.loader, get("/favorites", { Cookie: A.cookie }));
    expect(aFav.body.favorites.map((f: { id: string }) => f.id)).toEqual([poems[0].id]);
    const bFav = await run(favoritesPage.loader, get("/favorites", { Cookie: B.cookie }));
    expect(bFav.body.favorites).toEqual([]);
    const aProfile = await run(profilePage.loader, get("/profile", { Cookie: A.cookie }));
    expect(aProfile.body.views).toHaveLength(1);
    const bProfile = await run(profilePage.loader, get("/profile", { Cookie: B.cookie }));
    expect(bProfile.body).toMatchObject({ favorites: [], views: [], summary: { stats: { favorite_count: 0, view_count: 0 } } });
  });

  test("a settings form sent from another site is refused and changes nothing", async () => {
    const crossSite = await run(
      settingsPage.action,
      formPost("/settings", { intent: "save", fontFamily: "inter" }, { Cookie: A.cookie, Origin: "https://evil.example" }),
    );
    expect(crossSite.status).toBe(403);
    const kept = await db.selectFrom("user_settings").select("reading_preferences").where("user_id", "=", A.id).executeTakeFirst();
    expect(kept?.reading_preferences).toMatchObject({ fontFamily: "courier" });
  });

  test("B's settings and B's password change leave A's settings, sessions and password alone", async () => {
    await run(settingsPage.action, formPost("/settings", { intent: "save", fontFamily: "merriweather" }, { Cookie: B.cookie }));
    const settings = await db.selectFrom("user_settings").selectAll().orderBy("user_id").execute();
    expect(settings.find((s) => s.user_id === A.id)?.reading_preferences).toMatchObject({ fontFamily: "courier", fontSize: 0.75 });
    expect(settings.find((s) => s.user_id === B.id)?.reading_preferences).toMatchObject({ fontFamily: "merriweather" });

    // B cannot change a password with A's: the current password checked is B's own.
    const withAs = await run(
      profilePage.action,
      formPost("/profile", { intent: "change-password", currentPassword: A.password, newPassword: "taken over!", confirmPassword: "taken over!" }, { Cookie: B.cookie }),
      {},
      freshIp(),
    );
    expect(withAs.status).toBe(400);
    const own = await run(
      profilePage.action,
      formPost("/profile", { intent: "change-password", currentPassword: B.password, newPassword: "B's new one", confirmPassword: "B's new one" }, { Cookie: B.cookie }),
      {},
      freshIp(),
    );
    expect(own.status).toBe(200);
    expect(await getUser(get("/", { Cookie: A.cookie }))).toMatchObject({ id: A.id });
    expect((await run(profileApi.loader, get("/api/profile", { Authorization: `Bearer ${A.bearer}` }))).status).toBe(200);
    expect((await signIn(A.email, A.password)).status).toBe(303);
  });
});
