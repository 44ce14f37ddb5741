import { type Kysely, sql } from "kysely";

// Frozen in time: this file must not import application code.
//
// Accounts: users with email and password, server-side sessions (the cookie carries a random token; only its
// SHA-256 is stored here, so a copy of this table signs nobody in), favorites, and the sign-in rate limiter's
// counters, kept in the database so every app instance sees the same numbers.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("users")
    .addColumn("id", "serial", (c) => c.primaryKey())
    // Stored as typed; uniqueness and look-ups go through lower(email).
    .addColumn("email", "text", (c) => c.notNull().check(sql`char_length(email) between 3 and 254`))
    // Null for accounts that only sign in through an outside provider.
    .addColumn("password_hash", "text")
    .addColumn("first_name", "text", (c) => c.notNull().check(sql`char_length(first_name) between 1 and 100`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index users_email_lower_idx on users (lower(email))`.execute(db);

  await db.schema
    .createTable("sessions")
    // hex SHA-256 of the token in the cookie.
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("revoked_at", "timestamptz")
    .execute();
  await db.schema.createIndex("sessions_user_idx").on("sessions").column("user_id").execute();

  await db.schema
    .createTable("favorites")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("poem_id", "text", (c) => c.notNull().references("poems.id").onDelete("cascade"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("favorites_pk", ["user_id", "poem_id"])
    .execute();
  await db.schema.createIndex("favorites_poem_idx").on("favorites").column("poem_id").execute();
  await sql`create index favorites_user_recent_idx on favorites (user_id, created_at desc)`.execute(db);

  // Fixed windows per key ('account:<email>' or 'ip:<address>'); the limiter weighs the previous window too.
  await db.schema
    .createTable("login_attempts")
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("window_start", "timestamptz", (c) => c.notNull())
    .addColumn("count", "integer", (c) => c.notNull().defaultTo(0).check(sql`count >= 0`))
    .addPrimaryKeyConstraint("login_attempts_pk", ["key", "window_start"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("login_attempts").ifExists().execute();
  await db.schema.dropTable("favorites").ifExists().execute();
  await db.schema.dropTable("sessions").ifExists().execute();
  await db.schema.dropTable("users").ifExists().execute();
}
