import type { DB } from "../db.server";
import type { User } from "../db/schema";

/** The account linked to a provider's user, touching its last sign-in time. */
export async function findUserByIdentity(db: DB, issuer: string, subject: string, email: string | null): Promise<User | undefined> {
  const linked = await db
    .updateTable("user_identities")
    .set({ last_sign_in_at: new Date(), email })
    .where("issuer", "=", issuer)
    .where("subject", "=", subject)
    .returning("user_id")
    .executeTakeFirst();
  if (!linked) return undefined;
  return db.selectFrom("users").selectAll().where("id", "=", linked.user_id).executeTakeFirst();
}

/** Links a provider's user to an account; false when that (issuer, subject) is already linked. */
export async function linkIdentity(db: DB, userId: number, issuer: string, subject: string, email: string | null): Promise<boolean> {
  const row = await db
    .insertInto("user_identities")
    .values({ issuer, subject, user_id: userId, email })
    .onConflict((oc) => oc.columns(["issuer", "subject"]).doNothing())
    .returning("user_id")
    .executeTakeFirst();
  return row !== undefined;
}

export async function identitiesOf(db: DB, userId: number): Promise<{ issuer: string; subject: string }[]> {
  return db.selectFrom("user_identities").select(["issuer", "subject"]).where("user_id", "=", userId).execute();
}
