import { type Kysely, sql } from "kysely";

// Frozen in time: this file must not import application code.
//
// Web Push: a signed-in reader's notification preferences (one row per user; notifications need sign-in), the
// browser subscriptions that receive them, and one row per delivery so the scheduler sends each daily
// notification once.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("notification_preferences")
    .addColumn("user_id", "integer", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("daily_poem", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("weekly_digest", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("author_updates", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("product_updates", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("daily_poem_time_minutes", "integer", (c) =>
      c.notNull().defaultTo(480).check(sql`daily_poem_time_minutes between 0 and 1439`),
    )
    .addColumn("timezone", "text", (c) => c.notNull().defaultTo("UTC"))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable("push_subscriptions")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("endpoint", "text", (c) => c.notNull().unique())
    .addColumn("p256dh", "text", (c) => c.notNull())
    .addColumn("auth", "text", (c) => c.notNull())
    // When this subscription's next daily poem is due (UTC); null when the reader has the daily poem off.
    .addColumn("next_due_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // The scheduler's due query is a range scan of this index (next_due_at <= now), whatever the table's size.
  await db.schema
    .createIndex("push_subscriptions_due_idx")
    .on("push_subscriptions")
    .columns(["next_due_at", "id"])
    .where(sql.ref("next_due_at"), "is not", null)
    .execute();
  await db.schema.createIndex("push_subscriptions_user_idx").on("push_subscriptions").column("user_id").execute();

  await db.schema
    .createTable("push_deliveries")
    .addColumn("subscription_id", "integer", (c) => c.notNull().references("push_subscriptions.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    // The reader's calendar date the notification is for.
    .addColumn("date", "date", (c) => c.notNull())
    // claimed: a scheduler owns it until claimed_at + lease; sent; skipped (nothing scheduled, or the day was
    // over); failed (gave up after repeated errors).
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('claimed', 'sent', 'skipped', 'failed')`))
    .addColumn("claimed_at", "timestamptz", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("sent_at", "timestamptz")
    .addColumn("last_error", "text")
    .addPrimaryKeyConstraint("push_deliveries_pkey", ["subscription_id", "kind", "date"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("push_deliveries").ifExists().execute();
  await db.schema.dropTable("push_subscriptions").ifExists().execute();
  await db.schema.dropTable("notification_preferences").ifExists().execute();
}
