import { sql } from "kysely";
import type { IsoDate } from "~/lib/daily-date";
import { addDays } from "~/lib/daily-date";
import { localDateAt, nextDailyAt, zonedInstant } from "~/lib/zoned-time";
import type { DB } from "../db.server";
import type { z } from "zod";
import type { NotificationPreferencesSchema } from "../api-shapes.server";

/**
 * Notification preferences (one row per signed-in reader), their browser push subscriptions, and the
 * delivery ledger the scheduler claims from. Each subscription carries `next_due_at`, the UTC instant its
 * next daily poem is due, kept up to date here whenever the preferences change and after every delivery, so
 * the scheduler's due query is a range scan of one index.
 */

export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;

export const DEFAULT_PREFERENCES: NotificationPreferences = {
  daily_poem: false,
  weekly_digest: false,
  author_updates: false,
  product_updates: false,
  // The spec's default daily time, 08:00.
  daily_poem_time_minutes: 480,
  timezone: "UTC",
};

const PREFERENCE_COLUMNS = [
  "daily_poem",
  "weekly_digest",
  "author_updates",
  "product_updates",
  "daily_poem_time_minutes",
  "timezone",
] as const;

export async function getPreferences(db: DB, userId: number): Promise<NotificationPreferences> {
  const row = await db
    .selectFrom("notification_preferences")
    .where("user_id", "=", userId)
    .select(PREFERENCE_COLUMNS)
    .executeTakeFirst();
  return row ?? { ...DEFAULT_PREFERENCES };
}

/** When the reader's next daily poem is due, or null when the daily poem is off. */
export function nextDailyPoemAt(preferences: NotificationPreferences, now: Date): Date | null {
  if (!preferences.daily_poem) return null;
  return nextDailyAt(now, preferences.daily_poem_time_minutes, preferences.timezone);
}

/**
 * Merges a partial change into the reader's preferences and moves every one of their subscriptions' due time
 * to match, in one transaction (the scheduler never sees preferences and due times disagree).
 */
export async function updatePreferences(
  db: DB,
  userId: number,
  change: Partial<NotificationPreferences>,
  now: Date = new Date(),
): Promise<NotificationPreferences> {
  return db.transaction().execute(async (trx) => {
    // Row lock: two saves at once (toggle, then time) apply one after the other, not over each other.
    const current =
      (await trx
        .selectFrom("notification_preferences")
        .where("user_id", "=", userId)
        .select(PREFERENCE_COLUMNS)
        .forUpdate()
        .executeTakeFirst()) ?? { ...DEFAULT_PREFERENCES };
    const next = { ...current, ...change };
    await trx
      .insertInto("notification_preferences")
      .values({ user_id: userId, ...next, updated_at: now })
      .onConflict((oc) => oc.column("user_id").doUpdateSet({ ...next, updated_at: now }))
      .execute();
    await trx
      .updateTable("push_subscriptions")
      .set({ next_due_at: nextDailyPoemAt(next, now), updated_at: now })
      .where("user_id", "=", userId)
      .execute();
    return next;
  });
}

export interface SubscriptionInput {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/**
 * Stores a browser's subscription for the signed-in reader. An endpoint already known is taken over with its
 * new keys: only the browser holding it can hand it to us, and whoever signs in on that browser now reads
 * on it (a previous account on the same browser must stop receiving through it).
 */
export async function saveSubscription(db: DB, userId: number, input: SubscriptionInput, now: Date = new Date()) {
  const preferences = await getPreferences(db, userId);
  const next_due_at = nextDailyPoemAt(preferences, now);
  return db
    .insertInto("push_subscriptions")
    .values({
      user_id: userId,
      endpoint: input.endpoint,
      p256dh: input.keys.p256dh,
      auth: input.keys.auth,
      next_due_at,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc.column("endpoint").doUpdateSet({ user_id: userId, p256dh: input.keys.p256dh, auth: input.keys.auth, next_due_at, updated_at: now }),
    )
    .returning(["id", "next_due_at"])
    .executeTakeFirstOrThrow();
}

/** Removes the reader's own subscription with this endpoint; false when they have none such. */
export async function deleteSubscription(db: DB, userId: number, endpoint: string): Promise<boolean> {
  const result = await db
    .deleteFrom("push_subscriptions")
    .where("endpoint", "=", endpoint)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function deleteSubscriptionById(db: DB, id: number): Promise<void> {
  await db.deleteFrom("push_subscriptions").where("id", "=", id).execute();
}

export interface DueSubscription {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  next_due_at: Date;
  daily_poem_time_minutes: number;
  timezone: string;
}

export const DAILY_KIND = "daily_poem";

/**
 * Claims the delivery of (subscription, kind, date) for this scheduler run. The attempt number for the one
 * caller that now owns it, null for every other: a first claim inserts the row; a later one takes over a row still `claimed` whose lease
 * ran out (its scheduler died between claiming and recording the send). A row that is sent, skipped, failed,
 * or claimed within the lease by someone else is not claimable. One statement, so on PostgreSQL concurrent
 * claims serialise on the primary key and exactly one wins. Null too when the subscription is gone.
 */
export async function claimDelivery(
  db: DB,
  subscriptionId: number,
  kind: string,
  date: IsoDate,
  now: Date,
  leaseMs: number,
): Promise<number | null> {
  const staleBefore = new Date(now.getTime() - leaseMs);
  const row = await db
    .insertInto("push_deliveries")
    .values({ subscription_id: subscriptionId, kind, date, status: "claimed", claimed_at: now })
    .onConflict((oc) =>
      oc
        .columns(["subscription_id", "kind", "date"])
        .doUpdateSet({ claimed_at: now, attempts: sql`push_deliveries.attempts + 1` })
        .where("push_deliveries.status", "=", "claimed")
        .where("push_deliveries.claimed_at", "<", staleBefore),
    )
    .returning("attempts")
    .executeTakeFirst()
    .catch((error: unknown) => {
      // Another scheduler removed the subscription (its push service answered 404/410) after this one read it
      // as due: there is nothing left to deliver.
      if (isForeignKeyViolation(error)) return undefined;
      throw error;
    });
  return row ? row.attempts : null;
}

/** PostgreSQL's foreign_key_violation (SQLSTATE 23503), as pg and PGlite both report it. */
function isForeignKeyViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "23503";
}

export async function deliveryStatus(db: DB, subscriptionId: number, kind: string, date: IsoDate) {
  return db
    .selectFrom("push_deliveries")
    .where("subscription_id", "=", subscriptionId)
    .where("kind", "=", kind)
    .where("date", "=", date)
    .select(["status", "claimed_at", "attempts"])
    .executeTakeFirst();
}

/** The due time after a delivery for `date`: the reader's time on the following day. */
export function dueAfter(date: IsoDate, minutes: number, timeZone: string): Date {
  return zonedInstant(addDays(date, 1), minutes, timeZone);
}

/**
 * Records the outcome of a claimed delivery and moves the subscription on to its next day, together: either
 * both happen or neither, so a crash cannot leave a sent delivery whose subscription is still due for it.
 * The subscription is moved only if its due time is still the one this delivery was for (a preference change
 * in the meantime has already set a new one).
 */
export async function finishDelivery(
  db: DB,
  due: DueSubscription,
  date: IsoDate,
  outcome: { status: "sent" | "skipped" | "failed"; error?: string },
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("push_deliveries")
      .set({ status: outcome.status, sent_at: outcome.status === "sent" ? now : null, last_error: outcome.error ?? null })
      .where("subscription_id", "=", due.id)
      .where("kind", "=", DAILY_KIND)
      .where("date", "=", date)
      .execute();
    await advanceSubscription(trx, due, date);
  });
}

/** Moves a subscription past `date` when its due time is still the one read by the due query. */
export async function advanceSubscription(db: DB, due: DueSubscription, date: IsoDate): Promise<void> {
  await db
    .updateTable("push_subscriptions")
    .set({ next_due_at: dueAfter(date, due.daily_poem_time_minutes, due.timezone) })
    .where("id", "=", due.id)
    .where("next_due_at", "=", due.next_due_at)
    .execute();
}

/** Gives a claim back after a failed attempt, so a later run retries it at once rather than after the lease. */
export async function releaseClaim(db: DB, subscriptionId: number, date: IsoDate, error: string): Promise<void> {
  await db
    .updateTable("push_deliveries")
    .set({ claimed_at: new Date(0), last_error: error })
    .where("subscription_id", "=", subscriptionId)
    .where("kind", "=", DAILY_KIND)
    .where("date", "=", date)
    .where("status", "=", "claimed")
    .execute();
}

/** The reader's date a due subscription is for. */
export function dueDate(due: DueSubscription): IsoDate {
  return localDateAt(due.next_due_at, due.timezone);
}
