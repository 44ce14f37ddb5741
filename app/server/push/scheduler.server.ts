import { sql } from "kysely";
import { addDays, type IsoDate } from "~/lib/daily-date";
import { localDateAt, zonedInstant } from "~/lib/zoned-time";
import type { DB } from "../db.server";
import { findDailyPoem } from "../models/daily.server";
import {
  advanceSubscription,
  claimDelivery,
  DAILY_KIND,
  deleteSubscriptionById,
  deliveryStatus,
  type DueSubscription,
  dueDate,
  finishDelivery,
  releaseClaim,
} from "../models/notification.server";
import { type SendOptions, sendPush } from "./send.server";
import type { VapidKeys } from "./vapid.server";

/**
 * One pass of the daily-poem scheduler. Delivery guarantee, with any number of passes running at once or
 * restarting after a crash:
 *
 * - claim → send → record. A delivery is one row keyed (subscription, kind, date), claimed by a single
 *   INSERT … ON CONFLICT DO UPDATE … WHERE lease expired … RETURNING: exactly one pass wins each claim, so two
 *   schedulers never both send the same day's notification.
 * - After a successful send, the row becomes `sent` and the subscription moves to its next day in one
 *   transaction. A crash before the claim or after that transaction loses nothing and repeats nothing.
 * - A crash between the push service accepting the message and that transaction leaves a row `claimed`;
 *   once its lease (LEASE_MS) runs out a later pass claims it again and sends again: at-least-once in that
 *   window, because no push service offers an idempotent send. The duplicate carries the same Topic (the
 *   push service replaces a still-queued copy) and the same notification tag (the browser replaces a shown
 *   one), so the reader still sees one notification.
 * - A pass that is alive but slow never loses its claim to another: the lease is far longer than the most
 *   one send can take (timeout × tries + backoff).
 */

export const LEASE_MS = 5 * 60_000;
/** Runs a delivery may be attempted on (each run retries 429/5xx itself first) before it is given up. */
export const MAX_ATTEMPTS = 5;

export interface PassOptions {
  vapid: VapidKeys;
  now?: Date;
  batchSize?: number;
  /** Sends in flight at once. */
  concurrency?: number;
  leaseMs?: number;
  send?: Partial<Pick<SendOptions, "retries" | "baseDelayMs" | "maxDelayMs" | "timeoutMs">>;
}

export interface PassReport {
  due: number;
  sent: number;
  skipped: number;
  removed: number;
  failed: number;
  /** Left claimed by another pass, or given back for a later run after temporary errors. */
  deferred: number;
}

export interface DailyPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
  date: IsoDate;
  poem_id: string;
}

/** The day's poem page: /daily/yyyy/mm/dd in the reader's own date. */
export function dailyUrl(date: IsoDate): string {
  const [y, m, d] = date.split("-");
  return `/daily/${y}/${m}/${d}`;
}

async function dailyPayload(db: DB, date: IsoDate): Promise<DailyPayload | null> {
  const poem = await findDailyPoem(db, date);
  if (!poem) return null;
  return {
    title: "Poem of the Day",
    body: `${poem.title} by ${poem.author}`,
    url: dailyUrl(date),
    tag: `daily-${date}`,
    date,
    poem_id: poem.id,
  };
}

type Outcome = keyof Omit<PassReport, "due">;

async function deliver(
  db: DB,
  due: DueSubscription,
  now: Date,
  options: PassOptions,
  payloads: Map<IsoDate, Promise<DailyPayload | null>>,
): Promise<Outcome> {
  const date = dueDate(due);
  const attempts = await claimDelivery(db, due.id, DAILY_KIND, date, now, options.leaseMs ?? LEASE_MS);
  if (attempts === null) {
    const existing = await deliveryStatus(db, due.id, DAILY_KIND, date);
    // Already done (e.g. the reader moved the time later on a day already delivered): just move on.
    if (existing && existing.status !== "claimed") {
      await advanceSubscription(db, due, date);
      return "skipped";
    }
    return "deferred";
  }
  if (date < localDateAt(now, due.timezone)) {
    await finishDelivery(db, due, date, { status: "skipped", error: "the reader's day was over before it could be sent" }, now);
    return "skipped";
  }
  if (attempts > MAX_ATTEMPTS) {
    await finishDelivery(db, due, date, { status: "failed", error: `gave up after ${MAX_ATTEMPTS} runs` }, now);
    return "failed";
  }
  let payload = payloads.get(date);
  if (!payload) {
    payload = dailyPayload(db, date);
    payloads.set(date, payload);
  }
  const message = await payload;
  if (!message) {
    await finishDelivery(db, due, date, { status: "skipped", error: "no poem scheduled" }, now);
    return "skipped";
  }
  // Worth delivering until the reader's day ends, not after.
  const endOfDay = zonedInstant(addDays(date, 1), 0, due.timezone).getTime();
  const result = await sendPush({ endpoint: due.endpoint, keys: { p256dh: due.p256dh, auth: due.auth } }, JSON.stringify(message), {
    vapid: options.vapid,
    ttlSeconds: Math.max(60, Math.floor((endOfDay - now.getTime()) / 1000)),
    topic: message.tag.replaceAll("-", ""),
    ...options.send,
  });
  switch (result.outcome) {
    case "sent":
      await finishDelivery(db, due, date, { status: "sent" }, new Date());
      return "sent";
    case "gone":
      await deleteSubscriptionById(db, due.id);
      return "removed";
    case "rejected":
      await finishDelivery(db, due, date, { status: "failed", error: result.error }, new Date());
      return "failed";
    case "retry-later":
      await releaseClaim(db, due.id, date, result.error);
      return "deferred";
  }
}

/** Sends every daily notification due at `now` (keyset-paged over the due index) and says what happened. */
export async function runPushPass(db: DB, options: PassOptions): Promise<PassReport> {
  const now = options.now ?? new Date();
  const batchSize = options.batchSize ?? 500;
  const concurrency = options.concurrency ?? 16;
  const report: PassReport = { due: 0, sent: 0, skipped: 0, removed: 0, failed: 0, deferred: 0 };
  const payloads = new Map<IsoDate, Promise<DailyPayload | null>>();
  let cursor: { at: Date; id: number } | null = null;
  for (;;) {
    const batch: DueSubscription[] = await dueBatch(db, now, batchSize, cursor);
    if (batch.length === 0) break;
    report.due += batch.length;
    let next = 0;
    const worker = async () => {
      while (next < batch.length) {
        const due = batch[next++]!;
        try {
          report[await deliver(db, due, now, options, payloads)]++;
        } catch (error) {
          // One subscription's database or payload trouble must not stop everyone else's notification.
          process.stderr.write(`push: subscription ${due.id}: ${error instanceof Error ? error.message : String(error)}\n`);
          report.deferred++;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, batch.length) }, worker));
    const last = batch[batch.length - 1]!;
    cursor = { at: last.next_due_at, id: last.id };
    if (batch.length < batchSize) break;
  }
  return report;
}

/** The due query: next_due_at <= now, after the cursor, in (next_due_at, id) order — the due index's order. */
export function dueBatch(db: DB, now: Date, limit: number, cursor: { at: Date; id: number } | null): Promise<DueSubscription[]> {
  let query = db
    .selectFrom("push_subscriptions as s")
    .innerJoin("notification_preferences as p", "p.user_id", "s.user_id")
    .where("s.next_due_at", "<=", now);
  if (cursor) query = query.where(sql<boolean>`(s.next_due_at, s.id) > (${cursor.at}, ${cursor.id})`);
  return query
    .select(["s.id", "s.endpoint", "s.p256dh", "s.auth", "p.daily_poem_time_minutes", "p.timezone"])
    .select(sql<Date>`s.next_due_at`.as("next_due_at"))
    .orderBy("s.next_due_at")
    .orderBy("s.id")
    .limit(limit)
    .execute();
}
