// `npm run bench -- push` (PostgreSQL: DATABASE_URL must be set; a throwaway database is made on that server
// and dropped afterwards). Two figures: the scheduler's due query over 1,000,000 subscriptions, and sends per
// second from one scheduler pass to a Web Push service on loopback.
import { sql } from "kysely";
import webpush from "web-push";
import { localDateAt } from "~/lib/zoned-time";
import { createDb, type DB } from "~/server/db.server";
import { migrateToLatest } from "~/server/db/migrate.server";
import { dueBatch, runPushPass } from "~/server/push/scheduler.server";
import { seedPoems } from "../tests/helpers/accounts";
import { createScratchDatabase } from "../tests/helpers/db";
import { startPushService } from "../tests/helpers/push-service";
import { appendResults, markdownTable } from "./results";

const ROWS = 1_000_000;
const SENDS = 2_000;

async function withDatabase<T>(base: string, work: (db: DB) => Promise<T>): Promise<T> {
  const scratch = await createScratchDatabase(base, "push_bench");
  const db = createDb({ databaseUrl: scratch.url, poolMax: 20 });
  try {
    await migrateToLatest(db);
    return await work(db);
  } finally {
    await db.destroy();
    await scratch.drop();
  }
}

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const result = await fn();
  return [result, performance.now() - start];
}

async function median(fn: () => Promise<unknown>, runs = 21): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push((await timed(fn))[1]);
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
}

export async function benchPush(): Promise<void> {
  const base = process.env.DATABASE_URL;
  if (!base) {
    console.error("bench push: skipped, it needs DATABASE_URL (a PostgreSQL server; a throwaway database is made on it)");
    return;
  }
  await withDatabase(base, async (db) => {
    const now = new Date();
    // One reader per subscription; due times spread evenly over the next 24 hours (about 694 a minute), so a
    // run at `now` finds one minute's worth due.
    const [, fillMs] = await timed(async () => {
      await sql`insert into users (email, first_name, created_at, updated_at)
        select 'bench' || i || '@example.org', 'Bench', now(), now() from generate_series(1, ${ROWS}) i`.execute(db);
      await sql`insert into notification_preferences (user_id, daily_poem, timezone, updated_at)
        select id, true, 'UTC', now() from users`.execute(db);
      await sql`insert into push_subscriptions (user_id, endpoint, p256dh, auth, next_due_at, created_at, updated_at)
        select id, 'https://push.example.net/' || id, 'BPk', 'auth',
               ${now}::timestamptz - interval '1 minute' + (id * interval '86400 seconds' / ${ROWS}), now(), now()
        from users`.execute(db);
      await sql`analyze`.execute(db);
    });
    const due = await dueBatch(db, now, 1000, null);
    const plan = await sql<{ "QUERY PLAN": string }>`explain analyze
      select s.id, s.endpoint, s.p256dh, s.auth, p.daily_poem_time_minutes, p.timezone, s.next_due_at
      from push_subscriptions s join notification_preferences p on p.user_id = s.user_id
      where s.next_due_at <= ${now} order by s.next_due_at, s.id limit 500`.execute(db);
    const firstPage = await median(() => dueBatch(db, now, 500, null));
    const backlogNow = new Date(now.getTime() + 3_600_000);
    const backlogDue = Number((await sql<{ n: string }>`select count(*) n from push_subscriptions where next_due_at <= ${backlogNow}`.execute(db)).rows[0]!.n);
    const backlogPage = await median(() => dueBatch(db, backlogNow, 500, null));
    const cursor = { at: due[due.length - 1]!.next_due_at, id: due[due.length - 1]!.id };
    const nextPage = await median(() => dueBatch(db, backlogNow, 500, cursor));

    // Sends per second: fresh subscriptions of real key pairs, all due now, one pass.
    await db.deleteFrom("push_subscriptions").execute();
    const poems = await seedPoems(db, 2);
    await db.insertInto("daily_poems").values({ date: localDateAt(now, "UTC"), poem_id: poems[0]!.id, auto_selected: true }).execute();
    const keys = webpush.generateVAPIDKeys();
    const service = await startPushService(keys.publicKey);
    const browsers = Array.from({ length: SENDS }, (_, i) => service.browser(`b${i}`));
    const userIds = (await db.selectFrom("users").select("id").orderBy("id").limit(SENDS).execute()).map((u) => u.id);
    await db
      .insertInto("push_subscriptions")
      .values(browsers.map((b, i) => ({ user_id: userIds[i]!, endpoint: b.endpoint, p256dh: b.keys.p256dh, auth: b.keys.auth, next_due_at: new Date(now.getTime() - 1000), created_at: now, updated_at: now })))
      .execute();
    const [report, passMs] = await timed(() => runPushPass(db, { vapid: { ...keys, subject: "mailto:bench@example.org", source: "environment" }, now }));
    await service.close();
    if (report.sent !== SENDS || service.received.length !== SENDS) throw new Error(`expected ${SENDS} sends, got ${JSON.stringify(report)}`);

    const ms = (n: number) => `${n.toFixed(2)} ms`;
    appendResults(
      "Push scheduler (`DATABASE_URL=postgres://… npm run bench -- push`), PostgreSQL",
      [
        markdownTable(
          ["measure", "result"],
          [
            ["fill 1,000,000 readers, preferences and subscriptions (generate_series) + analyze", `${(fillMs / 1000).toFixed(1)} s`],
            [`due query, first page of 500 (${due.length === 1000 ? "≥1000" : due.length} due: one minute's worth), median of 21`, ms(firstPage)],
            [`due query, first page of 500 with ${backlogDue.toLocaleString("en-US")} due (an hour's backlog)`, ms(backlogPage)],
            ["due query, a later page (keyset cursor) in that backlog", ms(nextPage)],
            [`one pass sending ${SENDS.toLocaleString("en-US")} notifications to the loopback push service (16 in flight; encryption, VAPID, claim + record per send; the service decrypts each in the same process)`, `${(passMs / 1000).toFixed(2)} s = ${Math.round(SENDS / (passMs / 1000)).toLocaleString("en-US")} sends/s`],
          ],
        ),
        "",
        "EXPLAIN ANALYZE of the due query (first page):",
        "",
        "```",
        ...plan.rows.map((r) => r["QUERY PLAN"]),
        "```",
      ].join("\n"),
    );
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await benchPush();
