import { createHash, randomBytes } from "node:crypto";
import type { DB } from "../db.server";
import type { User } from "../db/schema";
import { notifyDataChanged, userTag } from "../data-version.server";

/** The cookie carrying the session's token (signed: auth.server.ts). */
export const SESSION_COOKIE_NAME = "pc_session";

/** A session lasts 30 days from sign-in; signing out (or a password change) revokes it before that. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** The table keeps only this digest of the cookie's token. */
export function sessionIdOf(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Opens a session for a user and returns the token for the cookie (256 random bits, base64url). */
export async function createSession(
  db: DB,
  userId: number,
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await db.insertInto("sessions").values({ id: sessionIdOf(token), user_id: userId, expires_at: expiresAt }).execute();
  // House-keeping: this user's dead sessions go now, so the table does not grow without end.
  await db
    .deleteFrom("sessions")
    .where("user_id", "=", userId)
    .where((eb) => eb.or([eb("expires_at", "<", now), eb("revoked_at", "is not", null)]))
    .execute();
  return { token, expiresAt };
}

/** A signed-in user, with when the session they came through expires. */
export type SessionUser = User & { session_expires_at: Date };

/** The user of a live session (not revoked, not expired), or undefined. */
export async function findSessionUser(db: DB, token: string, now = new Date()): Promise<SessionUser | undefined> {
  if (!token) return undefined;
  return db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .selectAll("users")
    .select("sessions.expires_at as session_expires_at")
    .where("sessions.id", "=", sessionIdOf(token))
    .where("sessions.revoked_at", "is", null)
    .where("sessions.expires_at", ">", now)
    .executeTakeFirst();
}

/** The user of a live session given by its stored id (the hash), as API bearer tokens name it. */
export async function findSessionUserBySessionId(db: DB, sessionId: string, now = new Date()): Promise<User | undefined> {
  return db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .selectAll("users")
    .where("sessions.id", "=", sessionId)
    .where("sessions.revoked_at", "is", null)
    .where("sessions.expires_at", ">", now)
    .executeTakeFirst();
}

/**
 * Pages rendered for a user's sessions are cached without looking the session up again
 * (response-cache.server.ts): once sessions end, they must go, here and in every other process.
 */
export function sessionsEnded(db: DB, userId: number): Promise<void> {
  return notifyDataChanged(db, [userTag(userId)]);
}

/** Revokes one session; true when a live one was revoked. */
export async function revokeSession(db: DB, token: string): Promise<boolean> {
  const revoked = await db
    .updateTable("sessions")
    .set({ revoked_at: new Date() })
    .where("id", "=", sessionIdOf(token))
    .where("revoked_at", "is", null)
    .returning("user_id")
    .executeTakeFirst();
  if (revoked) await sessionsEnded(db, revoked.user_id);
  return revoked !== undefined;
}

/** Revokes every session of a user (password change, "sign out everywhere"). */
export async function revokeUserSessions(db: DB, userId: number): Promise<number> {
  const result = await db
    .updateTable("sessions")
    .set({ revoked_at: new Date() })
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  await sessionsEnded(db, userId);
  return Number(result.numUpdatedRows);
}
