import { type PasswordChangeErrors, PASSWORD_CHANGE_MESSAGES, parsePasswordChange } from "~/components/account/password-change-schema";
import type { DB } from "../db.server";
import { sessionsEnded } from "../models/session.server";
import { emailKey } from "../models/user.server";
import { hashPassword, verifyPassword } from "./password.server";
import { rateLimitMessage } from "./rate-limit";
import { reserveAttempt, signInKeys } from "./sign-in-limit.server";

export type PasswordChangeResult =
  | { ok: true; revokedSessions: number }
  | { ok: false; status: 400 | 429; errors: PasswordChangeErrors; formError?: string; retryAfterSeconds?: number };

/**
 * Changes a signed-in reader's password. The current password is checked under the sign-in limiter's keys
 * (the account and the client address), so guessing it here is no faster than at sign-in. On success every
 * other session of the user is revoked (a stolen cookie stops working) and `currentSessionId` stays signed in.
 */
export async function changePassword(
  db: DB,
  input: { userId: number; currentSessionId: string; clientIp: string; form: { get(name: string): unknown } },
): Promise<PasswordChangeResult> {
  const parsed = parsePasswordChange(input.form);
  if (!parsed.success) return { ok: false, status: 400, errors: parsed.errors };
  const user = await db
    .selectFrom("users")
    .select(["email", "password_hash"])
    .where("id", "=", input.userId)
    .executeTakeFirstOrThrow();
  const reservation = await reserveAttempt(db, signInKeys(emailKey(user.email), input.clientIp));
  if (!reservation.allowed) {
    return {
      ok: false,
      status: 429,
      errors: {},
      formError: rateLimitMessage(reservation.retryAfterSeconds),
      retryAfterSeconds: reservation.retryAfterSeconds,
    };
  }
  const ok = user.password_hash !== null && (await verifyPassword(parsed.data.currentPassword, user.password_hash));
  if (!ok) return { ok: false, status: 400, errors: { currentPassword: PASSWORD_CHANGE_MESSAGES.currentWrong } };
  await reservation.release();
  const passwordHash = await hashPassword(parsed.data.newPassword);
  const revoked = await db.transaction().execute(async (trx) => {
    await trx.updateTable("users").set({ password_hash: passwordHash, updated_at: new Date() }).where("id", "=", input.userId).execute();
    const result = await trx
      .updateTable("sessions")
      .set({ revoked_at: new Date() })
      .where("user_id", "=", input.userId)
      .where("id", "!=", input.currentSessionId)
      .where("revoked_at", "is", null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  });
  await sessionsEnded(db, input.userId);
  return { ok: true, revokedSessions: revoked };
}
