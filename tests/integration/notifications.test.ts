import { createECDH, randomBytes } from "node:crypto";
import { sql } from "kysely";
import webpush from "web-push";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import * as tokenApi from "~/routes/api/auth.token";
import * as preferencesApi from "~/routes/api/notifications.preferences";
import * as publicKeyApi from "~/routes/api/notifications.public-key";
import * as subscribeApi from "~/routes/api/notifications.subscribe";
import { startSession } from "~/server/auth/auth.server";
import { type DB, setDb } from "~/server/db.server";
import { claimDelivery, DAILY_KIND, deleteSubscriptionById, updatePreferences } from "~/server/models/notification.server";
import { createUser } from "~/server/models/user.server";
import { dueBatch } from "~/server/push/scheduler.server";
import { get, ORIGIN, run } from "../helpers/accounts";
import { createTestDb, type TestDb } from "../helpers/db";

let testDb: TestDb;
let db: DB;

interface Reader {
  id: number;
  cookie: string;
}

let readers = 0;
async function newReader(): Promise<Reader> {
  const user = await createUser(db, { email: `push${++readers}@example.org`, firstName: "Reader", passwordHash: null });
  if (!user) throw new Error("user not created");
  const setCookie = await startSession(get("/"), user.id, db);
  return { id: user.id, cookie: setCookie.split(";")[0] };
}

function browserSubscription(host = "push.example.net") {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return {
    endpoint: `https://${host}/send/${randomBytes(12).toString("hex")}`,
    keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") },
  };
}

const send = (method: string, path: string, reader: Reader | null, body?: unknown, headers: Record<string, string> = {}) =>
  new Request(`${ORIGIN}${path}`, {
    method,
    headers: {
      Origin: ORIGIN,
      "Content-Type": "application/json",
      ...(reader ? { Cookie: reader.cookie } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });

const subscribe = (reader: Reader | null, body: unknown, headers?: Record<string, string>) =>
  run(subscribeApi.action, send("POST", "/api/notifications/subscribe", reader, body, headers));
const unsubscribe = (reader: Reader | null, body: unknown) =>
  run(subscribeApi.action, send("DELETE", "/api/notifications/subscribe", reader, body));
const getPrefs = (reader: Reader | null, headers: Record<string, string> = {}) =>
  run(preferencesApi.loader, get("/api/notifications/preferences", { ...(reader ? { Cookie: reader.cookie } : {}), ...headers }));
const putPrefs = (reader: Reader | null, body: unknown, headers?: Record<string, string>) =>
  run(preferencesApi.action, send("PUT", "/api/notifications/preferences", reader, body, headers));

beforeAll(async () => {
  // Keys from the environment, so the test never writes data/vapid.json.
  const keys = webpush.generateVAPIDKeys();
  process.env.VAPID_PUBLIC_KEY = keys.publicKey;
  process.env.VAPID_PRIVATE_KEY = keys.privateKey;
  testDb = await createTestDb();
  db = testDb.db;
  setDb(db);
});

afterAll(async () => {
  await testDb?.destroy();
});

describe(`notification API (${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  test("GET public_key answers the VAPID public key, an uncompressed P-256 point", async () => {
    const answer = await run(publicKeyApi.loader, get("/api/notifications/public_key"));
    expect(answer.status).toBe(200);
    expect(answer.body.vapidPublicKey).toBe(process.env.VAPID_PUBLIC_KEY);
    const key = Buffer.from(answer.body.vapidPublicKey, "base64url");
    expect(key).toHaveLength(65);
    expect(key[0]).toBe(4);
  });

  test("preferences start at the defaults, daily poem off and 08:00 UTC", async () => {
    const reader = await newReader();
    const answer = await getPrefs(reader);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      daily_poem: false,
      weekly_digest: false,
      author_updates: false,
      product_updates: false,
      daily_poem_time_minutes: 480,
      timezone: "UTC",
      next_daily_poem_at_utc: null,
    });
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
  });

  test("PUT merges a partial change and answers the next daily time in the reader's zone", async () => {
    const reader = await newReader();
    const before = Date.now();
    const answer = await putPrefs(reader, { daily_poem: true, daily_poem_time_minutes: 7 * 60 + 30, timezone: "Asia/Kolkata" });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ daily_poem: true, weekly_digest: false, daily_poem_time_minutes: 450, timezone: "Asia/Kolkata" });
    const next = new Date(answer.body.next_daily_poem_at_utc);
    // 07:30 in India is 02:00 UTC, within the coming 24 hours.
    expect(next.toISOString().slice(11)).toBe("02:00:00.000Z");
    expect(next.getTime()).toBeGreaterThan(before);
    expect(next.getTime()).toBeLessThanOrEqual(before + 86_400_000);

    const second = await putPrefs(reader, { weekly_digest: true });
    expect(second.body).toMatchObject({ daily_poem: true, weekly_digest: true, daily_poem_time_minutes: 450, timezone: "Asia/Kolkata" });
    expect((await getPrefs(reader)).body).toEqual(second.body);
  });

  test("a bearer token from /api/auth/token works in place of the cookie", async () => {
    const reader = await newReader();
    const issued = await run(tokenApi.action, new Request(`${ORIGIN}/api/auth/token`, { method: "POST", headers: { Origin: ORIGIN, Cookie: reader.cookie } }));
    const bearer = { Authorization: `Bearer ${issued.body.token}` };
    expect((await putPrefs(null, { product_updates: true }, bearer)).status).toBe(200);
    expect((await getPrefs(null, bearer)).body.product_updates).toBe(true);
    expect((await getPrefs(null, { Authorization: "Bearer nonsense" })).status).toBe(401);
  });

  test.each([
    [{ daily_poem: "yes" }, "daily_poem"],
    [{ weekly_digest: 1 }, "weekly_digest"],
    [{ daily_poem_time_minutes: 1440 }, "daily_poem_time_minutes"],
    [{ daily_poem_time_minutes: -1 }, "daily_poem_time_minutes"],
    [{ daily_poem_time_minutes: 8.5 }, "daily_poem_time_minutes"],
    [{ daily_poem_time_minutes: "480" }, "daily_poem_time_minutes"],
    [{ timezone: "Mars/Olympus_Mons" }, "timezone"],
    [{ timezone: "" }, "timezone"],
    [{ dailypoem: true }, "dailypoem"],
    [{}, "request"],
    [[true], "request"],
  ])("PUT %j is a 400 naming %s, and changes nothing", async (body, parameter) => {
    const reader = await newReader();
    const answer = await putPrefs(reader, body);
    expect(answer.status).toBe(400);
    expect(answer.body.parameter).toBe(parameter);
    expect(typeof answer.body.error).toBe("string");
    expect((await getPrefs(reader)).body.daily_poem).toBe(false);
  });

  test("a body that is not JSON is a 400 naming body; a wrong content type a 415", async () => {
    const reader = await newReader();
    const broken = await putPrefs(reader, "{daily_poem: true");
    expect(broken.status).toBe(400);
    expect(broken.body.parameter).toBe("body");
    const form = await run(preferencesApi.action, send("PUT", "/api/notifications/preferences", reader, "daily_poem=true", { "Content-Type": "application/x-www-form-urlencoded" }));
    expect(form.status).toBe(415);
  });

  test("signed out, every notification call but the public key is a 401", async () => {
    expect((await getPrefs(null)).status).toBe(401);
    expect((await putPrefs(null, { daily_poem: true })).status).toBe(401);
    expect((await subscribe(null, browserSubscription())).status).toBe(401);
    expect((await unsubscribe(null, { endpoint: "https://push.example.net/x" })).status).toBe(401);
  });

  test("writes from another site are refused", async () => {
    const reader = await newReader();
    const answer = await putPrefs(reader, { daily_poem: true }, { Origin: "https://evil.example" });
    expect(answer.status).toBe(403);
    expect((await getPrefs(reader)).body.daily_poem).toBe(false);
  });

  test.each([
    [{ keys: browserSubscription().keys }, "endpoint"],
    [{ ...browserSubscription(), endpoint: "http://push.example.net/plain" }, "endpoint"],
    [{ ...browserSubscription(), endpoint: "not a url" }, "endpoint"],
    [{ endpoint: "https://push.example.net/x" }, "keys"],
    [{ endpoint: "https://push.example.net/x", keys: { p256dh: "short", auth: browserSubscription().keys.auth } }, "keys"],
    [{ endpoint: "https://push.example.net/x", keys: { p256dh: browserSubscription().keys.p256dh, auth: "AAAA" } }, "keys"],
  ])("POST subscribe with a bad subscription is a 400 naming the field (%#)", async (body, parameter) => {
    const reader = await newReader();
    const answer = await subscribe(reader, body);
    expect(answer.status).toBe(400);
    expect(answer.body.parameter).toBe(parameter);
    expect(await db.selectFrom("push_subscriptions").where("user_id", "=", reader.id).select("id").execute()).toEqual([]);
  });

  test("subscribe stores the subscription for the reader, with its due time from their preferences", async () => {
    const reader = await newReader();
    await putPrefs(reader, { daily_poem: true, timezone: "Europe/London" });
    const subscription = browserSubscription();
    const answer = await subscribe(reader, { ...subscription, expirationTime: null });
    expect(answer.status).toBe(201);
    const row = await db.selectFrom("push_subscriptions").where("endpoint", "=", subscription.endpoint).selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: reader.id, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth });
    expect(new Date(row.next_due_at!).toISOString()).toBe(answer.body.next_daily_poem_at_utc);
    expect(answer.body.next_daily_poem_at_utc).toBe((await getPrefs(reader)).body.next_daily_poem_at_utc);

    // Turning the daily poem off clears the due time of every subscription of the reader.
    await putPrefs(reader, { daily_poem: false });
    expect((await db.selectFrom("push_subscriptions").where("id", "=", row.id).select("next_due_at").executeTakeFirstOrThrow()).next_due_at).toBeNull();
  });

  test("one reader can neither delete nor read another's subscription; the same browser signing in as someone else takes it over", async () => {
    const alice = await newReader();
    const bob = await newReader();
    await putPrefs(alice, { daily_poem: true });
    const subscription = browserSubscription();
    await subscribe(alice, subscription);

    const denied = await unsubscribe(bob, { endpoint: subscription.endpoint });
    expect(denied.status).toBe(404);
    expect(await db.selectFrom("push_subscriptions").where("endpoint", "=", subscription.endpoint).select("user_id").executeTakeFirst()).toEqual({ user_id: alice.id });

    // Bob's preferences are his own: Alice's daily poem does not show through.
    expect((await getPrefs(bob)).body.daily_poem).toBe(false);

    // Only the browser holding the endpoint can send it, so whoever signs in there now owns it.
    await subscribe(bob, subscription);
    const row = await db.selectFrom("push_subscriptions").where("endpoint", "=", subscription.endpoint).select(["user_id", "next_due_at"]).executeTakeFirstOrThrow();
    expect(row).toEqual({ user_id: bob.id, next_due_at: null });
    expect((await unsubscribe(alice, { endpoint: subscription.endpoint })).status).toBe(404);

    const removed = await unsubscribe(bob, { endpoint: subscription.endpoint });
    expect(removed.status).toBe(200);
    expect(await db.selectFrom("push_subscriptions").where("endpoint", "=", subscription.endpoint).select("id").execute()).toEqual([]);
  });

  test("deleting an account deletes its preferences and subscriptions", async () => {
    const reader = await newReader();
    await putPrefs(reader, { daily_poem: true });
    await subscribe(reader, browserSubscription());
    await db.deleteFrom("sessions").where("user_id", "=", reader.id).execute();
    await db.deleteFrom("users").where("id", "=", reader.id).execute();
    expect(await db.selectFrom("push_subscriptions").where("user_id", "=", reader.id).select("id").execute()).toEqual([]);
    expect(await db.selectFrom("notification_preferences").where("user_id", "=", reader.id).select("user_id").execute()).toEqual([]);
  });
});

describe("next daily time across daylight-saving changes, stored as each subscription's due time", () => {
  // [zone, local minutes, "now", expected next instant]
  test.each([
    // New York springs forward on 2027-03-14 (02:00 EST → 03:00 EDT).
    ["America/New_York", 480, "2027-03-13T14:00:00Z", "2027-03-14T12:00:00.000Z"],
    ["America/New_York", 480, "2027-03-13T12:00:00Z", "2027-03-13T13:00:00.000Z"],
    ["America/New_York", 150, "2027-03-14T06:00:00Z", "2027-03-14T07:30:00.000Z"],
    // ... and falls back on 2026-11-01 (02:00 EDT → 01:00 EST).
    ["America/New_York", 480, "2026-10-31T13:00:00Z", "2026-11-01T13:00:00.000Z"],
    ["America/New_York", 90, "2026-11-01T04:00:00Z", "2026-11-01T05:30:00.000Z"],
    ["America/New_York", 90, "2026-11-01T05:30:00Z", "2026-11-02T06:30:00.000Z"],
    // London: BST ends 2026-10-25, begins 2027-03-28.
    ["Europe/London", 480, "2026-10-24T08:00:00Z", "2026-10-25T08:00:00.000Z"],
    ["Europe/London", 480, "2027-03-27T09:00:00Z", "2027-03-28T07:00:00.000Z"],
    ["Europe/London", 90, "2027-03-28T00:00:00Z", "2027-03-28T01:30:00.000Z"],
    ["Europe/London", 90, "2026-10-25T00:00:00Z", "2026-10-25T00:30:00.000Z"],
  ])("%s at minute %i, from %s: %s", async (timezone, minutes, now, expected) => {
    const reader = await newReader();
    await subscribe(reader, browserSubscription());
    const saved = await updatePreferences(db, reader.id, { daily_poem: true, daily_poem_time_minutes: minutes, timezone }, new Date(now));
    expect(saved.timezone).toBe(timezone);
    const row = await db.selectFrom("push_subscriptions").where("user_id", "=", reader.id).select("next_due_at").executeTakeFirstOrThrow();
    expect(new Date(row.next_due_at!).toISOString()).toBe(expected);
  });
});

describe("the due query", () => {
  test("finds exactly the subscriptions due by now, in due order, through the due index", async () => {
    await db.deleteFrom("push_subscriptions").execute();
    const reader = await newReader();
    await putPrefs(reader, { daily_poem: true });
    const now = new Date("2030-01-01T12:00:00Z");
    const offsets = [-120, -1, 0, 1, 60];
    for (const minutes of offsets) {
      const sub = browserSubscription();
      await subscribe(reader, sub);
      await db
        .updateTable("push_subscriptions")
        .set({ next_due_at: new Date(now.getTime() + minutes * 60_000) })
        .where("endpoint", "=", sub.endpoint)
        .execute();
    }
    const off = browserSubscription();
    await subscribe(reader, off);
    await db.updateTable("push_subscriptions").set({ next_due_at: null }).where("endpoint", "=", off.endpoint).execute();

    const due = await dueBatch(db, now, 100, null);
    expect(due.map((d) => new Date(d.next_due_at).getTime() - now.getTime())).toEqual([-120 * 60_000, -60_000, 0]);
    // Keyset paging: the page after the first two is the third.
    const second = await dueBatch(db, now, 2, { at: due[1]!.next_due_at, id: due[1]!.id });
    expect(second.map((d) => d.id)).toEqual([due[2]!.id]);

    // The planner uses the due index (sequential scans off, as on a table large enough to matter).
    await db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      await sql`set local enable_bitmapscan = off`.execute(trx);
      const plan = await sql<{ "QUERY PLAN": string }>`explain select s.id from push_subscriptions s where s.next_due_at <= ${now} order by s.next_due_at, s.id limit 500`.execute(trx);
      expect(plan.rows.map((r) => r["QUERY PLAN"]).join("\n")).toMatch(/Index (Only )?Scan using push_subscriptions_due_idx/);
    });
  });
});

describe("claiming a delivery", () => {
  test("answers null, with no error, for a subscription another scheduler removed after reading it as due", async () => {
    const reader = await newReader();
    await putPrefs(reader, { daily_poem: true });
    const sub = browserSubscription();
    await subscribe(reader, sub);
    const { id } = await db
      .selectFrom("push_subscriptions")
      .select("id")
      .where("endpoint", "=", sub.endpoint)
      .executeTakeFirstOrThrow();
    const now = new Date("2030-01-01T12:00:00Z");
    // The push service answered 410 to the other scheduler, which removed the subscription.
    await deleteSubscriptionById(db, id);
    expect(await claimDelivery(db, id, DAILY_KIND, "2030-01-01", now, 60_000)).toBeNull();
    expect(await db.selectFrom("push_deliveries").where("subscription_id", "=", id).selectAll().execute()).toEqual([]);
  });
});
