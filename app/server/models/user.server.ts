import { sql } from "kysely";
import type { DB } from "../db.server";
import type { User } from "../db/schema";

/** What pages and the API may know about the signed-in reader (never the password hash). */
export interface PublicUser {
  id: number;
  email: string;
  firstName: string;
  createdAt: string;
}

export function toPublicUser(user: Pick<User, "id" | "email" | "first_name" | "created_at">): PublicUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.first_name,
    createdAt: new Date(user.created_at).toISOString(),
  };
}

/** Emails are compared case-insensitively (and without surrounding spaces) everywhere. */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(db: DB, email: string): Promise<User | undefined> {
  return db
    .selectFrom("users")
    .selectAll()
    .where(sql<string>`lower(email)`, "=", emailKey(email))
    .executeTakeFirst();
}

export async function findUserById(db: DB, id: number): Promise<User | undefined> {
  return db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Creates an account; undefined when the email is already taken (in any letter case). */
export async function createUser(
  db: DB,
  input: { email: string; passwordHash: string | null; firstName: string },
): Promise<User | undefined> {
  return db
    .insertInto("users")
    .values({ email: input.email.trim(), password_hash: input.passwordHash, first_name: input.firstName.trim() })
    .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
    .returningAll()
    .executeTakeFirst();
}
