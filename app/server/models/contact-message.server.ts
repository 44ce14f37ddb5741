import type { DB } from "../db.server";
import type { ContactDelivery, ContactMessage } from "../db/schema";

export async function insertContactMessage(
  db: DB,
  input: { name: string; email: string; message: string; clientIp: string },
): Promise<ContactMessage> {
  return db
    .insertInto("contact_messages")
    .values({ name: input.name, email: input.email, message: input.message, client_ip: input.clientIp })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function setContactDelivery(db: DB, id: number, delivery: ContactDelivery, error: string | null = null): Promise<void> {
  await db.updateTable("contact_messages").set({ delivery, delivery_error: error }).where("id", "=", id).execute();
}

/** Newest first: for maintainers reading what came in (and for tests). */
export async function recentContactMessages(db: DB, limit = 50): Promise<ContactMessage[]> {
  return db.selectFrom("contact_messages").selectAll().orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).execute();
}
