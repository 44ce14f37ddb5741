import { afterAll, beforeAll, describe, expect, test } from "vitest";
import * as favoritesApi from "~/routes/api/favorites";
import * as toggleApi from "~/routes/api/poem.favorite";
import * as statusApi from "~/routes/api/poem.favorite-status";
import * as profileApi from "~/routes/api/profile";
import * as favoritesPage from "~/routes/favorites";
import * as profilePage from "~/routes/profile";
import { readerFavorite, startSession } from "~/server/auth/auth.server";
import { hashPassword } from "~/server/auth/password.server";
import { type DB, setDb } from "~/server/db.server";
import { setFavorite, toggleFavorite } from "~/server/models/favorite.server";
import { createUser } from "~/server/models/user.server";
import { formPost, get, ORIGIN, run, seedPoems } from "../helpers/accounts";
import { createTestDb, type TestDb } from "../helpers/db";

let testDb: TestDb;
let db: DB;
let poems: Awaited<ReturnType<typeof seedPoems>>;
let passwordHash: string;

interface Reader {
  id: number;
  cookie: string;
}

let readerCount = 0;
async function newReader(firstName = "Reader"): Promise<Reader> {
  const user = await createUser(db, { email: `reader${++readerCount}@example.org`, firstName, passwordHash });
  if (!user) throw new Error("user not created");
  const setCookie = await startSession(get("/"), user.id, db);
  return { id: user.id, cookie: setCookie.split(";")[0] };
}

beforeAll(async () => {
  testDb = await createTestDb();
  db = testDb.db;
  setDb(db);
  poems = await seedPoems(db, 30);
  passwordHash = await hashPassword("irrelevant");
});

afterAll(async () => {
  await testDb?.destroy();
});

const toggle = (reader: Reader | null, id: string, headers: Record<string, string> = {}) =>
  run(
    toggleApi.action,
    new Request(`${ORIGIN}/api/poems/${id}/favorite`, {
      method: "POST",
      headers: { Origin: ORIGIN, ...(reader ? { Cookie: reader.cookie } : {}), ...headers },
    }),
    { id },
  );

const status = (reader: Reader, id: string) =>
  run(statusApi.loader, get(`/api/poems/${id}/favorite/status`, { Cookie: reader.cookie }), { id });

const list = (reader: Reader) => run(favoritesApi.loader, get("/api/favorites", { Cookie: reader.cookie }));

async function storedCount(id: string): Promise<{ column: number; rows: number }> {
  const poem = await db.selectFrom("poems").select("favorite_count").where("id", "=", id).executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom("favorites")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("poem_id", "=", id)
    .executeTakeFirstOrThrow();
  return { column: poem.favorite_count, rows: Number(rows.n) };
}

describe("POST /api/poems/{id}/favorite", () => {
  test("flips the favorite and answers {action, favorite_count}", async () => {
    const reader = await newReader();
    const id = poems[0].id;
    const first = await toggle(reader, id);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ action: "favorited", favorite_count: 1 });
    expect(first.headers.get("Cache-Control")).toBe("no-store");
    expect((await status(reader, id)).body).toEqual({ is_favorited: true, favorite_count: 1 });
    const second = await toggle(reader, id);
    expect(second.body).toEqual({ action: "unfavorited", favorite_count: 0 });
    expect((await status(reader, id)).body).toEqual({ is_favorited: false, favorite_count: 0 });
    expect(await storedCount(id)).toEqual({ column: 0, rows: 0 });
  });

  test("accepts a slug, and answers 404 for an unknown poem", async () => {
    const reader = await newReader();
    const answer = await toggle(reader, poems[1].slug);
    expect(answer.body).toEqual({ action: "favorited", favorite_count: 1 });
    expect((await status(reader, poems[1].id)).body.is_favorited).toBe(true);
    const missing = await toggle(reader, "no-such-poem");
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatch(/no-such-poem/);
    expect((await status(reader, "no-such-poem")).status).toBe(404);
  });

  test("401 without a session, 403 from another site, 405 on GET", async () => {
    const reader = await newReader();
    expect((await toggle(null, poems[2].id)).status).toBe(401);
    const crossSite = await toggle(reader, poems[2].id, { Origin: "https://evil.example" });
    expect(crossSite.status).toBe(403);
    expect((await storedCount(poems[2].id)).column).toBe(0);
    const getAnswer = await run(toggleApi.loader, get(`/api/poems/${poems[2].id}/favorite`), { id: poems[2].id });
    expect(getAnswer.status).toBe(405);
    expect(getAnswer.headers.get("Allow")).toBe("POST");
  });
});

describe("GET /api/favorites", () => {
  test("lists only the reader's own favorites, newest first, with the spec's fields", async () => {
    const a = await newReader("Ann");
    const b = await newReader("Ben");
    await toggle(a, poems[3].id);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await toggle(a, poems[4].id);
    await toggle(b, poems[5].id);

    const listA = await list(a);
    expect(listA.status).toBe(200);
    expect(listA.headers.get("Cache-Control")).toBe("no-store");
    expect(listA.body.map((f: { id: string }) => f.id)).toEqual([poems[4].id, poems[3].id]);
    expect(listA.body[0]).toMatchObject({ id: poems[4].id, title: poems[4].title, author: poems[4].author });
    expect(Object.keys(listA.body[0])).toEqual(
      expect.arrayContaining(["id", "title", "author", "year", "favorited_at"]),
    );
    expect(new Date(listA.body[0].favorited_at).toISOString()).toBe(listA.body[0].favorited_at);

    const listB = await list(b);
    expect(listB.body.map((f: { id: string }) => f.id)).toEqual([poems[5].id]);
    // B's status on A's poem is B's own, and B toggling it never touches A's favorite.
    expect((await status(b, poems[3].id)).body).toEqual({ is_favorited: false, favorite_count: 1 });
    await toggle(b, poems[3].id);
    await toggle(b, poems[3].id);
    expect((await status(a, poems[3].id)).body).toEqual({ is_favorited: true, favorite_count: 1 });
    expect((await list(a)).body).toHaveLength(2);
  });
});

describe("favorite_count stays exact", () => {
  test("many readers favoriting one poem at the same moment", async () => {
    const id = poems[10].id;
    const readers = await Promise.all(Array.from({ length: 25 }, () => newReader()));
    const answers = await Promise.all(readers.map((r) => toggle(r, id)));
    expect(answers.every((a) => a.status === 200 && a.body.action === "favorited")).toBe(true);
    expect(new Set(answers.map((a) => a.body.favorite_count)).size).toBe(25); // each saw its own increment
    expect(await storedCount(id)).toEqual({ column: 25, rows: 25 });

    // Now a storm: every reader toggles 1 to 4 times at once (odd counts end unfavorited).
    const times = readers.map((_, i) => (i % 4) + 1);
    await Promise.all(readers.flatMap((r, i) => Array.from({ length: times[i] }, () => toggle(r, id))));
    const stillFavorited = readers.filter((_, i) => times[i] % 2 === 0).length;
    expect(await storedCount(id)).toEqual({ column: stillFavorited, rows: stillFavorited });
  });

  test("repeated and concurrent set-favorite calls by one reader count once", async () => {
    const reader = await newReader();
    const id = poems[11].id;
    await Promise.all(Array.from({ length: 10 }, () => setFavorite(db, reader.id, id, true)));
    expect(await storedCount(id)).toEqual({ column: 1, rows: 1 });
    await Promise.all(Array.from({ length: 10 }, () => setFavorite(db, reader.id, id, false)));
    expect(await storedCount(id)).toEqual({ column: 0, rows: 0 });
    // Ten concurrent flips by one reader end where ten sequential ones would: not favorited.
    await Promise.all(Array.from({ length: 10 }, () => toggleFavorite(db, reader.id, id)));
    expect(await storedCount(id)).toEqual({ column: 0, rows: 0 });
  });
});

describe("readerFavorite (the one-poem pages' heart and count)", () => {
  test("reads the reader's state and the count together, not the count the page's poem row had earlier", async () => {
    const reader = await newReader();
    const poem = poems[20];
    // The poem row as a loader read it a moment before the favorite committed.
    const before = { id: poem.id, favorite_count: 0 };
    await setFavorite(db, reader.id, poem.id, true);
    const request = get(`/poems/${poem.id}`, { Cookie: reader.cookie });
    expect(await readerFavorite(request, before, db)).toEqual({ poem: { id: poem.id, favorite_count: 1 }, favorited: true });

    const anonymous = get(`/poems/${poem.id}`);
    expect(await readerFavorite(anonymous, { id: poem.id, favorite_count: 1 }, db)).toEqual({
      poem: { id: poem.id, favorite_count: 1 },
      favorited: false,
    });
    await setFavorite(db, reader.id, poem.id, false);
    expect(await readerFavorite(get(`/poems/${poem.id}`, { Cookie: reader.cookie }), { id: poem.id, favorite_count: 1 }, db)).toEqual({
      poem: { id: poem.id, favorite_count: 0 },
      favorited: false,
    });
  });
});

describe("the /favorites page and its action", () => {
  test("a plain form sets the favorite and goes back (303); the script path gets JSON", async () => {
    const reader = await newReader();
    const id = poems[12].id;
    const plain = await run(
      favoritesPage.action,
      formPost("/favorites", { poemId: id, intent: "favorite", redirectTo: `/poems/${id}` }, { Cookie: reader.cookie }),
    );
    expect(plain.status).toBe(303);
    expect(plain.location).toBe(`/poems/${id}`);
    expect((await status(reader, id)).body).toEqual({ is_favorited: true, favorite_count: 1 });
    // Sending "favorite" again (a double click, a resubmitted form) changes nothing.
    const script = await run(
      favoritesPage.action,
      formPost("/favorites", { poemId: id, intent: "favorite" }, { Cookie: reader.cookie }),
    );
    expect(script.body).toEqual({ action: "favorited", favorite_count: 1, is_favorited: true });
    const off = await run(
      favoritesPage.action,
      formPost("/favorites", { poemId: id, intent: "unfavorite" }, { Cookie: reader.cookie }),
    );
    expect(off.body).toEqual({ action: "unfavorited", favorite_count: 0, is_favorited: false });
    const bad = await run(favoritesPage.action, formPost("/favorites", { poemId: id, intent: "maybe" }, { Cookie: reader.cookie }));
    expect(bad.status).toBe(400);
    const crossSite = await run(
      favoritesPage.action,
      formPost("/favorites", { poemId: id, intent: "favorite" }, { Cookie: reader.cookie, Origin: "https://evil.example" }),
    );
    expect(crossSite.status).toBe(403);
    expect((await status(reader, id)).body.is_favorited).toBe(false);
  });

  test("lists, filters (title and author, any case), sorts and pages the reader's favorites", async () => {
    const reader = await newReader();
    const other = await newReader();
    for (const poem of poems.slice(14, 28)) await setFavorite(db, reader.id, poem.id, true);
    await setFavorite(db, other.id, poems[29].id, true);
    const page = (query: string) => run(favoritesPage.loader, get(`/favorites${query}`, { Cookie: reader.cookie }));

    const first = await page("");
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 14, all: 14, pages: 2, page: 1, sort: "date", dir: "desc", perPage: 12 });
    expect(first.body.favorites).toHaveLength(12);
    expect(first.body.favorites[0].id).toBe(poems[27].id);
    expect(first.body.favorites.some((f: { id: string }) => f.id === poems[29].id)).toBe(false);
    expect((await page("?page=2")).body.favorites).toHaveLength(2);
    expect((await page("?view=list")).body).toMatchObject({ perPage: 25, pages: 1 });

    const keats = await page("?q=KEATS");
    expect(keats.body.total).toBe(7);
    expect(keats.body.favorites.every((f: { author: string }) => f.author === "John Keats")).toBe(true);
    const byTitle = await page("?q=nightingale");
    // Newest favorite first: the reverse of the order they were added in.
    expect(byTitle.body.favorites.map((f: { title: string }) => f.title)).toEqual(
      poems.slice(14, 28).filter((p) => /nightingale/i.test(p.title)).map((p) => p.title).reverse(),
    );
    expect((await page("?q=zzzz")).body).toMatchObject({ total: 0, all: 14, favorites: [] });

    const titles = (await page("?sort=title&view=list")).body.favorites.map((f: { title: string }) => f.title);
    expect(titles).toEqual([...titles].sort((x: string, y: string) => x.toLowerCase().localeCompare(y.toLowerCase())));
    const years = (await page("?sort=year&dir=desc&view=list")).body.favorites.map((f: { year: number | null }) => f.year);
    const dated = years.filter((y: number | null) => y !== null);
    expect(dated).toEqual([...dated].sort((x: number, y: number) => y - x));
    expect(years.slice(dated.length).every((y: number | null) => y === null)).toBe(true);
  });
});

describe("profile", () => {
  test("GET /api/profile: created_at and the reader's own counts; 401 signed out", async () => {
    const reader = await newReader();
    const other = await newReader();
    await setFavorite(db, reader.id, poems[20].id, true);
    await setFavorite(db, reader.id, poems[21].id, true);
    await setFavorite(db, other.id, poems[22].id, true);
    const answer = await run(profileApi.loader, get("/api/profile", { Cookie: reader.cookie }));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ created_at: expect.any(String), stats: { favorite_count: 2, view_count: 0 } });
    expect(Date.now() - Date.parse(answer.body.created_at)).toBeLessThan(60_000);
    expect((await run(profileApi.loader, get("/api/profile"))).status).toBe(401);
  });

  test("the /profile page lists favorites newest first and sends a signed-out reader to /login", async () => {
    const reader = await newReader();
    await setFavorite(db, reader.id, poems[23].id, true);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await setFavorite(db, reader.id, poems[24].id, true);
    const page = await run(profilePage.loader, get("/profile", { Cookie: reader.cookie }));
    expect(page.body.summary.stats.favorite_count).toBe(2);
    expect(page.body.favorites.map((f: { id: string }) => f.id)).toEqual([poems[24].id, poems[23].id]);
    const anonymous = await run(profilePage.loader, get("/profile"));
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toBe("/login?redirectTo=%2Fprofile");
  });
});
