import { afterAll, beforeAll, describe, expect, test } from "vitest";
import * as tokenApi from "~/routes/api/auth.token";
import * as favoritesApi from "~/routes/api/favorites";
import * as favoriteToggleApi from "~/routes/api/poem.favorite";
import * as favoriteStatusApi from "~/routes/api/poem.favorite-status";
import * as favoritesPage from "~/routes/favorites";
import * as login from "~/routes/login";
import * as logout from "~/routes/logout";
import { getUser, getUserRecord, issueApiToken, SESSION_COOKIE_NAME } from "~/server/auth/auth.server";
import { type DB, setDb } from "~/server/db.server";
import { createSession, findSessionUser } from "~/server/models/session.server";
import { cookieOf, formPost, get, ORIGIN, run, seedPoems } from "../helpers/accounts";
import { createTestDb, type TestDb } from "../helpers/db";

let testDb: TestDb;
let db: DB;
let poemId: string;

beforeAll(async () => {
  testDb = await createTestDb();
  db = testDb.db;
  setDb(db);
  [{ id: poemId }] = await seedPoems(db, 3);
});

afterAll(async () => {
  await testDb?.destroy();
});

let ipCounter = 0;
/** Each test signs in from its own address unless it means to share one (the limiter counts per address). */
const freshIp = () => ({ clientIp: `192.0.2.${++ipCounter}` });

function signUp(fields: Record<string, string>, context = freshIp()) {
  return run(login.action, formPost("/login", { intent: "signup", redirectTo: "/poems", ...fields }), {}, context);
}

function signIn(email: string, password: string, context = freshIp(), extra: Record<string, string> = {}) {
  return run(login.action, formPost("/login", { intent: "signin", email, password, redirectTo: "/", ...extra }), {}, context);
}

describe("sign up", () => {
  test("creates the account, stores only a scrypt hash, opens a session and goes back (303)", async () => {
    const answer = await signUp({ firstName: "Ada", email: "Ada@Example.org", password: "analytical engine" });
    expect(answer.status).toBe(303);
    expect(answer.location).toBe("/poems");
    const setCookie = answer.headers.get("Set-Cookie") ?? "";
    expect(setCookie).toMatch(new RegExp(`^${SESSION_COOKIE_NAME}=`));
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).not.toMatch(/Secure/i); // plain http outside production
    const row = await db.selectFrom("users").selectAll().where("email", "=", "Ada@Example.org").executeTakeFirstOrThrow();
    expect(row.first_name).toBe("Ada");
    expect(row.password_hash).toMatch(/^scrypt\$/);
    expect(row.password_hash).not.toContain("analytical");
    // The cookie carries a token; the table only its hash.
    const sessions = await db.selectFrom("sessions").selectAll().where("user_id", "=", row.id).execute();
    expect(sessions).toHaveLength(1);
    expect(decodeURIComponent(cookieOf(answer))).not.toContain(sessions[0].id);
    expect(sessions[0].id).toMatch(/^[0-9a-f]{64}$/);
    const user = await getUser(get("/", { Cookie: cookieOf(answer) }), db);
    expect(user).toMatchObject({ firstName: "Ada", email: "Ada@Example.org" });
  });

  test("the same email in another letter case is taken (400 by the field)", async () => {
    await signUp({ firstName: "Grace", email: "grace@example.org", password: "compilers!" });
    const again = await signUp({ firstName: "Other", email: "  GRACE@example.ORG ", password: "different pw" });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({
      intent: "signup",
      errors: { email: "An account with this email already exists. Sign in instead." },
      values: { firstName: "Other" },
    });
    expect(again.headers.get("Set-Cookie")).toBeNull();
    const count = await db.selectFrom("users").select((eb) => eb.fn.countAll<number>().as("n")).where("first_name", "=", "Other").executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  test("invalid fields are a 400 with each field's message", async () => {
    const answer = await signUp({ firstName: "  ", email: "not-an-email", password: "short" });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({
      firstName: "First name is required",
      email: "Please enter a valid email address",
      password: "Password must be at least 8 characters",
    });
  });
});

describe("sign in", () => {
  beforeAll(async () => {
    await signUp({ firstName: "Emily", email: "emily@example.org", password: "hope is the thing" });
  });

  test("the right password opens a new session and goes to redirectTo", async () => {
    const answer = await signIn("EMILY@example.org", "hope is the thing", freshIp(), { redirectTo: "/favorites?view=list" });
    expect(answer.status).toBe(303);
    expect(answer.location).toBe("/favorites?view=list");
    expect((await getUser(get("/", { Cookie: cookieOf(answer) }), db))?.firstName).toBe("Emily");
  });

  test("an outside redirectTo is ignored (no open redirect)", async () => {
    const answer = await signIn("emily@example.org", "hope is the thing", freshIp(), { redirectTo: "//evil.example/x" });
    expect(answer.status).toBe(303);
    expect(answer.location).toBe("/");
  });

  test("a wrong password and an unknown email get the same 400 and no cookie", async () => {
    const wrong = await signIn("emily@example.org", "hope is a thing");
    const unknown = await signIn("nobody@example.org", "hope is the thing");
    for (const answer of [wrong, unknown]) {
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ intent: "signin", errors: {}, formError: "Incorrect email or password." });
      expect(answer.headers.get("Set-Cookie")).toBeNull();
    }
  });

  test("empty fields are a 400 by the field", async () => {
    const answer = await signIn(" ", "");
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({ email: "Email is required", password: "Password is required" });
  });

  test("a post from another site is refused (403) before anything else", async () => {
    const request = formPost(
      "/login",
      { intent: "signin", email: "emily@example.org", password: "hope is the thing" },
      { Origin: "https://evil.example" },
    );
    const answer = await run(login.action, request, {}, freshIp());
    expect(answer.status).toBe(403);
    expect(answer.headers.get("Set-Cookie")).toBeNull();
  });

  test("/login sends a signed-in reader on to redirectTo", async () => {
    const session = await signIn("emily@example.org", "hope is the thing");
    const answer = await run(login.loader, get("/login?redirectTo=%2Ffavorites", { Cookie: cookieOf(session) }));
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/favorites");
    const anonymous = await run(login.loader, get("/login?mode=signup&redirectTo=%2Fpoems%2Fx"));
    expect(anonymous.body).toEqual({ redirectTo: "/poems/x", mode: "signup" });
  });
});

describe("rate limiting", () => {
  test("the sixth wrong password for one account within 15 minutes is a 429, even from new addresses", async () => {
    await signUp({ firstName: "Walt", email: "walt@example.org", password: "leaves of grass" });
    for (let i = 0; i < 5; i++) expect((await signIn("walt@example.org", `wrong ${i}`)).status).toBe(400);
    const limited = await signIn("WALT@example.org", "wrong again");
    expect(limited.status).toBe(429);
    expect(limited.body.formError).toMatch(/^Too many sign-in attempts\. Please try again in \d+ minutes?\.$/);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    // While limited, even the right password is not tried.
    const right = await signIn("walt@example.org", "leaves of grass");
    expect(right.status).toBe(429);
    expect(right.headers.get("Set-Cookie")).toBeNull();
    // Other accounts are not affected.
    await signUp({ firstName: "Other", email: "other-walt@example.org", password: "another pw" });
    expect((await signIn("other-walt@example.org", "another pw")).status).toBe(303);
  });

  test("successful sign-ins do not count towards the limit", async () => {
    await signUp({ firstName: "Sylvia", email: "sylvia@example.org", password: "ariel poems" });
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 4; i++) expect((await signIn("sylvia@example.org", "nope")).status).toBe(400);
      expect((await signIn("sylvia@example.org", "ariel poems")).status).toBe(303);
      // Undo the round's failures as if the window had passed, keeping the test about successes.
      await db.deleteFrom("login_attempts").where("key", "=", "account:sylvia@example.org").execute();
    }
    for (let i = 0; i < 5; i++) expect((await signIn("sylvia@example.org", "nope")).status).toBe(400);
    expect((await signIn("sylvia@example.org", "ariel poems")).status).toBe(429);
  });

  test("one address gets 30 wrong passwords across any accounts, then 429; another address still signs in", async () => {
    await signUp({ firstName: "Rob", email: "rob@example.org", password: "red red rose" });
    const attacker = { clientIp: "203.0.113.9" };
    for (let i = 0; i < 30; i++) expect((await signIn(`victim${i}@example.org`, "guess", attacker)).status).toBe(400);
    const limited = await signIn("rob@example.org", "red red rose", attacker);
    expect(limited.status).toBe(429);
    expect((await signIn("rob@example.org", "red red rose", { clientIp: "203.0.113.10" })).status).toBe(303);
  });

  test("concurrent wrong passwords cannot slip past the account limit", async () => {
    await signUp({ firstName: "John", email: "john@example.org", password: "grecian urn" });
    const answers = await Promise.all(Array.from({ length: 12 }, () => signIn("john@example.org", "bad")));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
  });
});

describe("sign out", () => {
  test("revokes the session in the database and clears the cookie", async () => {
    await signUp({ firstName: "Christina", email: "christina@example.org", password: "goblin market" });
    const session = await signIn("christina@example.org", "goblin market");
    const cookie = cookieOf(session);
    expect(await getUser(get("/", { Cookie: cookie }), db)).not.toBeNull();

    const answer = await run(logout.action, formPost("/logout", {}, { Cookie: cookie }));
    expect(answer.status).toBe(303);
    expect(answer.location).toBe("/");
    expect(answer.headers.get("Set-Cookie")).toMatch(new RegExp(`^${SESSION_COOKIE_NAME}=.*(Max-Age=0|Expires=Thu, 01 Jan 1970)`));
    // The old cookie, replayed, no longer signs anyone in.
    expect(await getUser(get("/", { Cookie: cookie }), db)).toBeNull();
    const api = await run(favoritesApi.loader, get("/api/favorites", { Cookie: cookie }));
    expect(api.status).toBe(401);
  });

  test("a sign-out form from another site is refused and the session stays", async () => {
    await signUp({ firstName: "Alfred", email: "alfred@example.org", password: "crossing the bar" });
    const cookie = cookieOf(await signIn("alfred@example.org", "crossing the bar"));
    const answer = await run(logout.action, formPost("/logout", {}, { Cookie: cookie, Origin: "https://evil.example" }));
    expect(answer.status).toBe(403);
    expect(await getUser(get("/", { Cookie: cookie }), db)).not.toBeNull();
  });

  test("GET /logout signs nobody out", async () => {
    await signUp({ firstName: "Gerard", email: "gerard@example.org", password: "pied beauty" });
    const cookie = cookieOf(await signIn("gerard@example.org", "pied beauty"));
    const answer = await run(logout.loader, get("/logout", { Cookie: cookie }));
    expect(answer.status).toBe(302);
    expect(await getUser(get("/", { Cookie: cookie }), db)).not.toBeNull();
  });
});

describe("sessions", () => {
  test("a tampered or unsigned cookie is no session", async () => {
    await signUp({ firstName: "Lord", email: "byron@example.org", password: "she walks in beauty" });
    const cookie = cookieOf(await signIn("byron@example.org", "she walks in beauty"));
    const [name, value] = cookie.split("=");
    const tampered = `${name}=${value.slice(0, -3)}abc`;
    expect(await getUser(get("/", { Cookie: tampered }), db)).toBeNull();
    const { token } = await createSession(db, (await db.selectFrom("users").select("id").executeTakeFirstOrThrow()).id);
    // The raw token without the signature is refused too.
    expect(await getUser(get("/", { Cookie: `${SESSION_COOKIE_NAME}=${token}` }), db)).toBeNull();
  });

  test("a request's loaders share one session look-up through the load context", async () => {
    const cookie = cookieOf(await signIn("byron@example.org", "she walks in beauty"));
    // React Router gives the root loader and the route loader each its own copy of the Request.
    const context = {};
    const [root, route] = [get("/poems/x", { Cookie: cookie }), get("/poems/x", { Cookie: cookie })];
    const first = getUserRecord(root, db, context);
    expect(getUserRecord(route, db, context)).toBe(first);
    expect((await first)?.email).toBe("byron@example.org");
    // Without a shared scope, another request looks up again.
    expect(getUserRecord(get("/", { Cookie: cookie }), db)).not.toBe(first);
  });

  test("an expired session is no session", async () => {
    const user = await db.selectFrom("users").select("id").executeTakeFirstOrThrow();
    const past = new Date(Date.now() - 31 * 24 * 60 * 60 * 1000);
    const { token } = await createSession(db, user.id, past);
    expect(await findSessionUser(db, token)).toBeUndefined();
    const { token: live } = await createSession(db, user.id);
    expect((await findSessionUser(db, live))?.id).toBe(user.id);
  });
});

describe("personal calls need a session", () => {
  test("the API answers 401 JSON without one", async () => {
    const list = await run(favoritesApi.loader, get("/api/favorites"));
    expect(list.status).toBe(401);
    expect(list.body).toEqual({ error: "Sign in required" });
    const status = await run(favoriteStatusApi.loader, get(`/api/poems/${poemId}/favorite/status`), { id: poemId });
    expect(status.status).toBe(401);
    const toggle = await run(
      favoriteToggleApi.action,
      new Request(`${ORIGIN}/api/poems/${poemId}/favorite`, { method: "POST", headers: { Origin: ORIGIN } }),
      { id: poemId },
    );
    expect(toggle.status).toBe(401);
    expect(toggle.headers.get("Content-Type")).toMatch(/^application\/json/);
    const poem = await db.selectFrom("poems").select("favorite_count").where("id", "=", poemId).executeTakeFirstOrThrow();
    expect(poem.favorite_count).toBe(0);
  });

  test("/favorites sends a signed-out reader to /login and back", async () => {
    const page = await run(favoritesPage.loader, get("/favorites?view=list"));
    expect(page.status).toBe(302);
    expect(page.location).toBe(`/login?redirectTo=${encodeURIComponent("/favorites?view=list")}`);
    const plainForm = await run(favoritesPage.action, formPost("/favorites", { poemId, intent: "favorite", redirectTo: `/poems/${poemId}` }));
    expect(plainForm.status).toBe(303);
    expect(plainForm.location).toBe(`/login?redirectTo=${encodeURIComponent(`/poems/${poemId}`)}`);
    const script = await run(favoritesPage.action, formPost("/favorites", { poemId, intent: "favorite" }));
    expect(script.status).toBe(401);
  });
});

describe("API bearer tokens", () => {
  const tokenRequest = (headers: Record<string, string>) =>
    new Request(`${ORIGIN}/api/auth/token`, { method: "POST", headers: { Origin: ORIGIN, ...headers } });
  const favoritesWith = (headers: Record<string, string>) => run(favoritesApi.loader, get("/api/favorites", headers));

  let cookie: string;
  let otherCookie: string;
  beforeAll(async () => {
    await signUp({ firstName: "Tok", email: "tok@example.org", password: "token pass 1" });
    await signUp({ firstName: "Ken", email: "ken@example.org", password: "token pass 2" });
    cookie = cookieOf(await signIn("tok@example.org", "token pass 1"));
    otherCookie = cookieOf(await signIn("ken@example.org", "token pass 2"));
    const toggle = new Request(`${ORIGIN}/api/poems/${poemId}/favorite`, { method: "POST", headers: { Origin: ORIGIN, Cookie: cookie } });
    expect((await run(favoriteToggleApi.action, toggle, { id: poemId })).body.action).toBe("favorited");
  });

  test("a signed-in page gets a five-minute token; signed out it is a 401", async () => {
    const answer = await run(tokenApi.action, tokenRequest({ Cookie: cookie }));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ token_type: "Bearer", expires_in: 300 });
    expect(answer.body.token.split(".")).toHaveLength(3);
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
    expect((await run(tokenApi.action, tokenRequest({}))).status).toBe(401);
    expect((await run(tokenApi.action, tokenRequest({ Cookie: cookie, Origin: "https://evil.example" }))).status).toBe(403);
  });

  test("the token alone (no cookie) reads the reader's own data, never another's", async () => {
    const { body } = await run(tokenApi.action, tokenRequest({ Cookie: cookie }));
    const mine = await favoritesWith({ Authorization: `Bearer ${body.token}` });
    expect(mine.status).toBe(200);
    expect(mine.body.map((f: { id: string }) => f.id)).toEqual([poemId]);
    const other = (await run(tokenApi.action, tokenRequest({ Cookie: otherCookie }))).body.token;
    expect((await favoritesWith({ Authorization: `Bearer ${other}` })).body).toEqual([]);
    const status = await run(
      favoriteStatusApi.loader,
      get(`/api/poems/${poemId}/favorite/status`, { Authorization: `Bearer ${other}` }),
      { id: poemId },
    );
    expect(status.body).toEqual({ is_favorited: false, favorite_count: 1 });
  });

  test("expiry has 60 s of leeway; a bad token is a 401 even beside a good cookie", async () => {
    const now = Math.floor(Date.now() / 1000);
    const request = get("/", { Cookie: cookie });
    const justExpired = (await issueApiToken(request, db, now - 300 - 30))!.token;
    const longExpired = (await issueApiToken(get("/", { Cookie: cookie }), db, now - 300 - 61))!.token;
    expect((await favoritesWith({ Authorization: `Bearer ${justExpired}` })).status).toBe(200);
    const expired = await favoritesWith({ Authorization: `Bearer ${longExpired}` });
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual({ error: "Invalid or expired bearer token" });
    const good = (await issueApiToken(get("/", { Cookie: cookie }), db))!.token;
    const tampered = `${good.slice(0, -4)}AAAA`;
    expect((await favoritesWith({ Authorization: `Bearer ${tampered}`, Cookie: cookie })).status).toBe(401);
    expect((await favoritesWith({ Authorization: "Basic dXNlcjpwdw==", Cookie: cookie })).status).toBe(401);
    expect((await favoritesWith({ Authorization: "Bearer", Cookie: cookie })).status).toBe(401);
  });

  test("signing out ends the session's tokens too", async () => {
    const session = cookieOf(await signIn("tok@example.org", "token pass 1"));
    const { token } = (await run(tokenApi.action, tokenRequest({ Cookie: session }))).body;
    expect((await favoritesWith({ Authorization: `Bearer ${token}` })).status).toBe(200);
    await run(logout.action, formPost("/logout", {}, { Cookie: session }));
    expect((await favoritesWith({ Authorization: `Bearer ${token}` })).status).toBe(401);
  });
});
