import { type Kysely, sql } from "kysely";

// Frozen in time: this file must not import application code.
//
// The contact form's messages (kept whatever happens to the mail), and the accounts' links to outside
// OpenID Connect providers: one row per (issuer, subject), the only pair a provider promises never to reuse.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("contact_messages")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull().check(sql`char_length(name) between 1 and 100`))
    .addColumn("email", "text", (c) => c.notNull().check(sql`char_length(email) between 3 and 254`))
    .addColumn("message", "text", (c) => c.notNull().check(sql`char_length(message) between 10 and 5000`))
    .addColumn("client_ip", "text", (c) => c.notNull())
    // 'stored' (no mail configured), 'sent', or 'failed' (the SMTP server refused or could not be reached).
    .addColumn("delivery", "text", (c) => c.notNull().defaultTo("stored").check(sql`delivery in ('stored', 'sent', 'failed')`))
    .addColumn("delivery_error", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index contact_messages_recent_idx on contact_messages (created_at desc)`.execute(db);

  await db.schema
    .createTable("user_identities")
    .addColumn("issuer", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("email", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("last_sign_in_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("user_identities_pk", ["issuer", "subject"])
    .execute();
  await db.schema.createIndex("user_identities_user_idx").on("user_identities").column("user_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("user_identities").ifExists().execute();
  await db.schema.dropTable("contact_messages").ifExists().execute();
}
