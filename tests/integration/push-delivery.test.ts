import { spawn } from "node:child_process";
import path from "node:path";
import webpush from "web-push";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { addDays, type IsoDate } from "~/lib/daily-date";
import { localDateAt, zonedInstant } from "~/lib/zoned-time";
import type { DB } from "~/server/db.server";
import { DAILY_KIND, saveSubscription, updatePreferences } from "~/server/models/notification.server";
import { createUser } from "~/server/models/user.server";
import { dailyUrl, LEASE_MS, runPushPass } from "~/server/push/scheduler.server";
import type { VapidKeys } from "~/server/push/vapid.server";
import { seedPoems } from "../helpers/accounts";
import { createTestDb, type TestDb } from "../helpers/db";
import { type FakeBrowser, type PushService, startPushService } from "../helpers/push-service";

/**
 * End to end: the scheduler against a real Web Push service on loopback (VAPID checked, aes128gcm bodies
 * decrypted with each subscriber's own private key). On PostgreSQL (DATABASE_URL set) two `poetry push --once`
 * processes run at the same time on the same database. PGlite is an in-process database that one process
 * alone can open, so without DATABASE_URL the two passes run concurrently inside this process instead, still
 * racing on the same delivery claims.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const generated = webpush.generateVAPIDKeys();
const vapid: VapidKeys = { ...generated, subject: "mailto:push-test@example.org", source: "environment" };

let testDb: TestDb;
let db: DB;
let service: PushService;
let poems: Awaited<ReturnType<typeof seedPoems>>;
const poemOn = new Map<IsoDate, (typeof poems)[number]>();
let users = 0;

async function scheduleDay(date: IsoDate, index: number) {
  if (poemOn.has(date)) return;
  const poem = poems[index % poems.length]!;
  await db.insertInto("daily_poems").values({ date, poem_id: poem.id, auto_selected: true }).execute();
  poemOn.set(date, poem);
}

/** A signed-in reader with the daily poem on at `minutes` in `timezone`, subscribed from one fake browser. */
async function reader(browser: FakeBrowser, timezone: string, minutes: number, now = new Date()) {
  const user = await createUser(db, { email: `delivery${++users}@example.org`, firstName: "Reader", passwordHash: null });
  await updatePreferences(db, user!.id, { daily_poem: true, daily_poem_time_minutes: minutes, timezone }, now);
  const saved = await saveSubscription(db, user!.id, { endpoint: browser.endpoint, keys: browser.keys }, now);
  return { userId: user!.id, subscriptionId: saved.id };
}

/** Minutes after local midnight at `now`, less a few, so today's time has just passed. */
function justPassed(now: Date, timezone: string): number {
  const wall = new Intl.DateTimeFormat("en-GB", { timeZone: timezone, hourCycle: "h23", hour: "2-digit", minute: "2-digit" }).format(now);
  const [h, m] = wall.split(":").map(Number) as [number, number];
  return Math.max(0, h * 60 + m - 3);
}

async function setDue(subscriptionId: number, at: Date) {
  await db.updateTable("push_subscriptions").set({ next_due_at: at }).where("id", "=", subscriptionId).execute();
}

function runCli(databaseUrl: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "cli/index.ts", "push", "--once"], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        VAPID_PUBLIC_KEY: vapid.publicKey,
        VAPID_PRIVATE_KEY: vapid.privateKey,
        VAPID_SUBJECT: vapid.subject,
        NODE_ENV: "test",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.once("error", reject);
    child.once("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

beforeAll(async () => {
  testDb = await createTestDb();
  db = testDb.db;
  poems = await seedPoems(db, 12);
  service = await startPushService(vapid.publicKey);
});

afterAll(async () => {
  await service?.close();
  await testDb?.destroy();
});

const payloadsFor = (name: string) => service.received.filter((r) => r.name === name).map((r) => r.payload as Record<string, unknown>);

describe(`daily push delivery (${process.env.DATABASE_URL ? "two poetry push --once processes on PostgreSQL" : "two concurrent passes on PGlite"})`, () => {
  test("two schedulers at once: every due subscription gets exactly one decryptable notification with its own day's poem", async () => {
    const now = new Date();
    const zones = ["UTC", "America/New_York", "Europe/London", "Asia/Tokyo", "Pacific/Auckland", "America/Los_Angeles"];
    const due: { browser: FakeBrowser; timezone: string; subscriptionId: number }[] = [];
    for (const [i, timezone] of zones.entries()) {
      const browser = service.browser(`due-${i}`);
      const minutes = justPassed(now, timezone);
      const { subscriptionId } = await reader(browser, timezone, minutes, new Date(now.getTime() - 10 * 60_000));
      await setDue(subscriptionId, zonedInstant(localDateAt(now, timezone), minutes, timezone));
      await scheduleDay(localDateAt(now, timezone), i);
      due.push({ browser, timezone, subscriptionId });
    }
    // Temporary trouble: the push service answers 503 once, then accepts.
    const flaky = service.browser("flaky", [503, 201]);
    const flakyReader = await reader(flaky, "UTC", justPassed(now, "UTC"));
    await setDue(flakyReader.subscriptionId, new Date(now.getTime() - 60_000));
    // Unsubscribed in the browser: the push service answers 410 Gone.
    const gone = service.browser("gone", [410]);
    const goneReader = await reader(gone, "UTC", justPassed(now, "UTC"));
    await setDue(goneReader.subscriptionId, new Date(now.getTime() - 60_000));
    // Not yet due, and daily poem off.
    const later = service.browser("later");
    await reader(later, "UTC", 0);
    await setDue((await db.selectFrom("push_subscriptions").where("endpoint", "=", later.endpoint).select("id").executeTakeFirstOrThrow()).id, new Date(now.getTime() + 3_600_000));
    const off = service.browser("off");
    const offReader = await reader(off, "UTC", 0);
    await updatePreferences(db, offReader.userId, { daily_poem: false });

    if (testDb.url) {
      const [a, b] = await Promise.all([runCli(testDb.url), runCli(testDb.url)]);
      expect(a.stderr).toBe("");
      expect(b.stderr).toBe("");
      expect([a.code, b.code]).toEqual([0, 0]);
      const sent = [a.stdout, b.stdout].map((out) => Number(/(\d+) sent/.exec(out)?.[1]));
      expect(sent[0]! + sent[1]!).toBe(zones.length + 1);
    } else {
      const options = { vapid, send: { baseDelayMs: 20 } };
      const [a, b] = await Promise.all([runPushPass(db, options), runPushPass(db, options)]);
      expect(a.sent + b.sent).toBe(zones.length + 1);
      expect(a.removed + b.removed).toBe(1);
    }

    expect(service.rejected).toEqual([]);
    for (const { browser, timezone, subscriptionId } of due) {
      const date = localDateAt(now, timezone);
      const poem = poemOn.get(date)!;
      expect(payloadsFor(browser.name), `${browser.name} (${timezone})`).toEqual([
        { title: "Poem of the Day", body: `${poem.title} by ${poem.author}`, url: dailyUrl(date), tag: `daily-${date}`, date, poem_id: poem.id },
      ]);
      expect(dailyUrl(date)).toMatch(/^\/daily\/\d{4}\/\d{2}\/\d{2}$/);
      const row = await db.selectFrom("push_subscriptions").where("id", "=", subscriptionId).select("next_due_at").executeTakeFirstOrThrow();
      const minutes = (await db.selectFrom("notification_preferences").innerJoin("push_subscriptions", "push_subscriptions.user_id", "notification_preferences.user_id").where("push_subscriptions.id", "=", subscriptionId).select("daily_poem_time_minutes").executeTakeFirstOrThrow()).daily_poem_time_minutes;
      expect(new Date(row.next_due_at!).toISOString()).toBe(zonedInstant(addDays(date, 1), minutes, timezone).toISOString());
    }
    const flakyDeliveries = service.received.filter((r) => r.name === "flaky");
    expect(flakyDeliveries).toHaveLength(1);
    expect(flakyDeliveries[0]!.headers.ttl).toMatch(/^\d+$/);
    expect(flakyDeliveries[0]!.headers.topic).toMatch(/^daily\d{8}$/);
    expect(payloadsFor("gone")).toEqual([]);
    expect(await db.selectFrom("push_subscriptions").where("id", "=", goneReader.subscriptionId).select("id").execute()).toEqual([]);
    expect(payloadsFor("later")).toEqual([]);
    expect(payloadsFor("off")).toEqual([]);

    const ledger = await db.selectFrom("push_deliveries").select(["status"]).where("kind", "=", DAILY_KIND).execute();
    expect(ledger.filter((r) => r.status === "sent")).toHaveLength(zones.length + 1);

    // A later run, or a restart, sends nothing again.
    const before = service.received.length;
    const again = await runPushPass(db, { vapid });
    expect(again.sent).toBe(0);
    expect(service.received.length).toBe(before);
  });

  test("a crash after claiming: the claim is left alone within its lease, then retried once, by a later run", async () => {
    const now = new Date("2031-05-10T09:00:30Z");
    await scheduleDay("2031-05-10", 3);
    const browser = service.browser("crashed");
    const { subscriptionId } = await reader(browser, "UTC", 9 * 60, new Date("2031-05-10T08:00:00Z"));
    // What a scheduler that died after its claim, before recording the send, leaves behind.
    await db.insertInto("push_deliveries").values({ subscription_id: subscriptionId, kind: DAILY_KIND, date: "2031-05-10", status: "claimed", claimed_at: new Date(now.getTime() - 60_000) }).execute();

    const within = await runPushPass(db, { vapid, now });
    expect(within.deferred).toBe(1);
    expect(payloadsFor("crashed")).toEqual([]);

    const afterLease = new Date(now.getTime() + LEASE_MS);
    const retried = await runPushPass(db, { vapid, now: afterLease });
    expect(retried.sent).toBe(1);
    expect(payloadsFor("crashed").map((p) => p.url)).toEqual(["/daily/2031/05/10"]);
    const row = await db.selectFrom("push_deliveries").where("subscription_id", "=", subscriptionId).select(["status", "attempts"]).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "sent", attempts: 2 });
  });

  test("across New York's spring-forward night the notification keeps the reader's 08:00", async () => {
    await scheduleDay("2027-03-13", 5);
    await scheduleDay("2027-03-14", 6);
    const browser = service.browser("new-york");
    const { subscriptionId } = await reader(browser, "America/New_York", 480, new Date("2027-03-13T05:00:00Z"));
    const dueAt = async () => new Date((await db.selectFrom("push_subscriptions").where("id", "=", subscriptionId).select("next_due_at").executeTakeFirstOrThrow()).next_due_at!).toISOString();
    expect(await dueAt()).toBe("2027-03-13T13:00:00.000Z");

    expect((await runPushPass(db, { vapid, now: new Date("2027-03-13T12:59:00Z") })).sent).toBe(0);
    expect((await runPushPass(db, { vapid, now: new Date("2027-03-13T13:00:20Z") })).sent).toBe(1);
    expect(await dueAt()).toBe("2027-03-14T12:00:00.000Z");
    expect((await runPushPass(db, { vapid, now: new Date("2027-03-14T12:00:20Z") })).sent).toBe(1);
    expect(await dueAt()).toBe("2027-03-15T12:00:00.000Z");
    expect(payloadsFor("new-york").map((p) => [p.url, p.poem_id])).toEqual([
      ["/daily/2027/03/13", poemOn.get("2027-03-13")!.id],
      ["/daily/2027/03/14", poemOn.get("2027-03-14")!.id],
    ]);
  });

  test("a day missed while no scheduler ran is skipped, not delivered late", async () => {
    await scheduleDay("2032-01-01", 7);
    const browser = service.browser("missed");
    const { subscriptionId } = await reader(browser, "Europe/London", 480, new Date("2032-01-01T00:00:00Z"));
    const report = await runPushPass(db, { vapid, now: new Date("2032-01-02T10:00:00Z") });
    expect(report.skipped).toBeGreaterThanOrEqual(1);
    expect(payloadsFor("missed")).toEqual([]);
    const row = await db.selectFrom("push_subscriptions").where("id", "=", subscriptionId).select("next_due_at").executeTakeFirstOrThrow();
    expect(new Date(row.next_due_at!).toISOString()).toBe("2032-01-02T08:00:00.000Z");
  });
});
