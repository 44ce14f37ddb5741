import { afterAll, beforeAll, describe, expect, test } from "vitest";
import * as viewApi from "~/routes/api/poems.view";
import * as historyApi from "~/routes/api/profile.reading-history";
import * as profileApi from "~/routes/api/profile";
import * as profilePage from "~/routes/profile";
import * as settingsPage from "~/routes/settings";
import { getUser } from "~/server/auth/auth.server";
import { type DB, setDb } from "~/server/db.server";
import { PREFERENCES_COOKIE } from "~/lib/reading-preferences";
import { preferencesFromCookieHeader } from "~/server/preferences-form.server";
import { recordView } from "~/server/models/poem-view.server";
import { formPost, get, ORIGIN, run, seedPoems } from "../helpers/accounts";
import { createTestDb, type TestDb } from "../helpers/db";
import { cookieOf, freshIp, setCookies, signIn, signUp } from "../helpers/sessions";

let testDb: TestDb;
let db: DB;
let poems: { id: string; slug: string; title: string; author: string }[];

beforeAll(async () => {
  testDb = await createTestDb();
  db = testDb.db;
  setDb(db);
  poems = await seedPoems(db, 4);
});

afterAll(async () => {
  await testDb?.destroy();
});

function viewRequest(cookie: string | null, body: unknown, browser: string | null = "browser-1", extra: Record<string, string> = {}) {
  const headers: Record<string, string> = { Origin: ORIGIN, "Content-Type": "application/json", ...extra };
  if (cookie) headers.Cookie = cookie;
  if (browser !== null) headers["X-Session-ID"] = browser;
  return new Request(`${ORIGIN}/api/poems/view`, { method: "POST", headers, body: JSON.stringify(body) });
}

const postView = (cookie: string | null, body: unknown, browser?: string | null, extra?: Record<string, string>) =>
  run(viewApi.action, viewRequest(cookie, body, browser, extra));

const viewCount = async (id: string) =>
  (await db.selectFrom("poems").select("view_count").where("id", "=", id).executeTakeFirstOrThrow()).view_count;

async function newReader(name: string) {
  const email = `${name.toLowerCase()}@example.org`;
  await signUp(name, email, `${name} password`);
  const cookie = cookieOf(await signIn(email, `${name} password`));
  const user = await getUser(get("/", { Cookie: cookie }));
  return { email, cookie, id: user!.id };
}

describe("POST /api/poems/view", () => {
  test("records a signed-in reader's view once per poem page visit in 30 minutes, whatever X-Session-ID says", async () => {
    const reader = await newReader("Viewer");
    const poem = poems[0].id;
    const before = await viewCount(poem);
    const first = await postView(reader.cookie, { poem_id: poem, source: "poem-page" });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ recorded: true });
    expect(first.headers.get("Cache-Control")).toBe("no-store");
    // A replay, and one claiming another browser id: the same sign-in session, so neither counts.
    expect((await postView(reader.cookie, { poem_id: poem, source: "poem-page" })).body).toEqual({ recorded: false });
    expect((await postView(reader.cookie, { poem_id: poem, source: "poem-page" }, "browser-2")).body).toEqual({ recorded: false });
    expect(await viewCount(poem)).toBe(before + 1);
    // Another sign-in session (another device) is another session.
    const elsewhere = cookieOf(await signIn(reader.email, "Viewer password"));
    expect((await postView(elsewhere, { poem_id: poems[0].slug, source: "poem-page" })).body).toEqual({ recorded: true });
    expect(await viewCount(poem)).toBe(before + 2);
  });

  test("concurrent copies of one view count once", async () => {
    const reader = await newReader("Racer");
    const poem = poems[1].id;
    const before = await viewCount(poem);
    const answers = await Promise.all(Array.from({ length: 12 }, () => postView(reader.cookie, { poem_id: poem, source: "random" })));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.filter((a) => a.body.recorded)).toHaveLength(1);
    expect(await viewCount(poem)).toBe(before + 1);
    const rows = await db.selectFrom("poem_views").select("id").where("user_id", "=", reader.id).execute();
    expect(rows).toHaveLength(1);
  });

  test("the windows: 30 minutes on the poem page, 5 s on random and daily", async () => {
    const reader = await newReader("Clock");
    const session = (await db.selectFrom("sessions").select("id").where("user_id", "=", reader.id).executeTakeFirstOrThrow()).id;
    const t0 = new Date("2026-01-01T12:00:00Z");
    const at = (ms: number) => new Date(t0.getTime() + ms);
    const view = (source: "poem-page" | "random" | "daily", ms: number) =>
      recordView(db, { userId: reader.id, sessionId: session, browserSession: "b", poemId: poems[2].id, source }, at(ms));
    expect(await view("poem-page", 0)).toEqual({ counted: true });
    expect(await view("poem-page", 29 * 60_000)).toEqual({ counted: false });
    expect(await view("poem-page", 30 * 60_000)).toEqual({ counted: true });
    expect(await view("daily", 0)).toEqual({ counted: true });
    expect(await view("daily", 4_999)).toEqual({ counted: false });
    expect(await view("daily", 5_000)).toEqual({ counted: true });
    expect(await view("random", 5_000)).toEqual({ counted: true });
    expect(await view("random", 9_000)).toEqual({ counted: false });
  });

  test("bad input is a 400 naming it; no poem is a 404; signed out is a 401; GET is a 405", async () => {
    const reader = await newReader("Strict");
    const noHeader = await postView(reader.cookie, { poem_id: poems[0].id, source: "poem-page" }, null);
    expect(noHeader.status).toBe(400);
    expect(noHeader.body).toMatchObject({ parameter: "X-Session-ID" });
    const badSource = await postView(reader.cookie, { poem_id: poems[0].id, source: "home" });
    expect(badSource.status).toBe(400);
    expect(badSource.body).toMatchObject({ parameter: "source", error: "source must be poem-page, random or daily" });
    expect((await postView(reader.cookie, { source: "random" })).body).toMatchObject({ parameter: "poem_id" });
    expect((await postView(reader.cookie, { poem_id: "nope", source: "random" })).status).toBe(404);
    const anonymous = await postView(null, { poem_id: poems[0].id, source: "random" });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ error: "Sign in required" });
    expect((await postView(reader.cookie, { poem_id: poems[0].id, source: "random" }, "b", { Origin: "https://evil.example" })).status).toBe(403);
    expect(viewApi.loader().status).toBe(405);
  });
});

describe("reading history and Poems Read", () => {
  test("GET /api/profile/reading-history lists views newest first; Poems Read counts different poems", async () => {
    const reader = await newReader("Reader");
    expect((await run(historyApi.loader, get("/api/profile/reading-history", { Cookie: reader.cookie }))).body).toEqual({ views: [] });
    await postView(reader.cookie, { poem_id: poems[0].id, source: "poem-page" });
    await postView(reader.cookie, { poem_id: poems[1].id, source: "daily" });
    await postView(reader.cookie, { poem_id: poems[0].id, source: "random" });
    const history = await run(historyApi.loader, get("/api/profile/reading-history", { Cookie: reader.cookie }));
    expect(history.status).toBe(200);
    expect(history.body.views.map((v: { poem: { id: string } }) => v.poem.id)).toEqual([poems[0].id, poems[1].id, poems[0].id]);
    expect(history.body.views[0]).toEqual({
      id: expect.any(String),
      viewed_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      poem: { id: poems[0].id, title: poems[0].title, author: poems[0].author, year: null },
    });
    const limited = await run(historyApi.loader, get("/api/profile/reading-history?limit=1", { Cookie: reader.cookie }));
    expect(limited.body.views).toHaveLength(1);
    expect((await run(historyApi.loader, get("/api/profile/reading-history?limit=0", { Cookie: reader.cookie }))).body).toMatchObject({
      parameter: "limit",
    });
    const profile = await run(profileApi.loader, get("/api/profile", { Cookie: reader.cookie }));
    expect(profile.body.stats.view_count).toBe(2);
    const page = await run(profilePage.loader, get("/profile", { Cookie: reader.cookie }));
    expect(page.body.summary.stats.view_count).toBe(2);
    expect(page.body.views).toHaveLength(3);
  });
});

describe("settings kept with the account", () => {
  const save = (cookie: string, fields: Record<string, string>) =>
    run(settingsPage.action, formPost("/settings", { intent: "save", ...fields }, { Cookie: cookie }));

  test("saving signed in stores them; signing in on a fresh browser sets the preferences cookie from them", async () => {
    const reader = await newReader("Settler");
    const answer = await save(reader.cookie, { themeStyle: "woodland", fontFamily: "courier", fontSize: "0.85", overflowMode: "scroll", isDark: "true" });
    expect(answer.status).toBe(200);
    const row = await db.selectFrom("user_settings").selectAll().where("user_id", "=", reader.id).executeTakeFirstOrThrow();
    expect(row.reading_preferences).toEqual({ themeStyle: "woodland", isDark: true, fontFamily: "courier", fontSize: 0.85, overflowMode: "scroll" });

    const fresh = await signIn(reader.email, "Settler password");
    const prefs = setCookies(fresh).get(PREFERENCES_COOKIE);
    expect(prefs).toBeDefined();
    expect(preferencesFromCookieHeader(prefs!)).toEqual({ themeStyle: "woodland", isDark: true, fontFamily: "courier", fontSize: 0.85, overflowMode: "scroll" });
  });

  test("an account with no stored settings adopts the browser's; signed out, saving stores nothing", async () => {
    const browserPrefs = `${PREFERENCES_COOKIE}=${encodeURIComponent(JSON.stringify({ themeStyle: "parchment", isDark: true, fontFamily: "inter", fontSize: 1, overflowMode: "wrap" }))}`;
    await signUp("Adopter", "adopter@example.org", "Adopter password");
    const user = await db.selectFrom("users").select("id").where("email", "=", "adopter@example.org").executeTakeFirstOrThrow();
    const answer = await signIn("adopter@example.org", "Adopter password", { Cookie: browserPrefs });
    expect(setCookies(answer).has(PREFERENCES_COOKIE)).toBe(false);
    const row = await db.selectFrom("user_settings").selectAll().where("user_id", "=", user.id).executeTakeFirstOrThrow();
    expect(row.reading_preferences).toMatchObject({ fontFamily: "inter", isDark: true, fontSize: 1 });

    const before = await db.selectFrom("user_settings").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect((await run(settingsPage.action, formPost("/settings", { intent: "save", fontFamily: "merriweather" }))).status).toBe(200);
    const after = await db.selectFrom("user_settings").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

describe("password change on /profile", () => {
  const change = (cookie: string, fields: Record<string, string>, context = freshIp()) =>
    run(profilePage.action, formPost("/profile", { intent: "change-password", ...fields }, { Cookie: cookie }), {}, context);

  test("checks each field, then revokes every other session and keeps this one", async () => {
    const reader = await newReader("Changer");
    const other = cookieOf(await signIn(reader.email, "Changer password"));
    const invalid = await change(reader.cookie, { currentPassword: "", newPassword: "short", confirmPassword: "x" });
    expect(invalid.status).toBe(400);
    expect(invalid.body.passwordChange.errors).toEqual({
      currentPassword: "Current password is required",
      newPassword: "New password must be at least 8 characters",
      confirmPassword: "Passwords do not match",
    });
    const wrong = await change(reader.cookie, { currentPassword: "not it at all", newPassword: "brand new pass", confirmPassword: "brand new pass" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.passwordChange.errors).toEqual({ currentPassword: "Current password is incorrect" });

    const done = await change(reader.cookie, { currentPassword: "Changer password", newPassword: "brand new pass", confirmPassword: "brand new pass" });
    expect(done.status).toBe(200);
    expect(done.body.passwordChange.ok).toBe(true);
    expect(await getUser(get("/", { Cookie: reader.cookie }))).not.toBeNull();
    expect(await getUser(get("/", { Cookie: other }))).toBeNull();
    expect((await signIn(reader.email, "Changer password")).status).toBe(400);
    expect((await signIn(reader.email, "brand new pass")).status).toBe(303);
  });

  test("wrong current passwords are rate limited like sign-in (429), and signed out it is a /login redirect", async () => {
    const reader = await newReader("Guesser");
    const context = { clientIp: "203.0.113.77" };
    const guess = () => change(reader.cookie, { currentPassword: "guess guess", newPassword: "brand new pass", confirmPassword: "brand new pass" }, context);
    for (let i = 0; i < 5; i++) expect((await guess()).status).toBe(400);
    const limited = await guess();
    expect(limited.status).toBe(429);
    expect(limited.body.passwordChange.formError).toMatch(/Too many/i);
    expect(limited.headers.get("Retry-After")).toMatch(/^\d+$/);
    const anonymous = await run(profilePage.action, formPost("/profile", { intent: "change-password" }));
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toBe("/login?redirectTo=%2Fprofile");
  });
});
