import type { z } from "zod";
import type { ProfileSummarySchema } from "../api-shapes.server";
import type { DB } from "../db.server";
import { poemsRead } from "./poem-view.server";

export type ProfileSummary = z.infer<typeof ProfileSummarySchema>;

/** The profile's numbers (spec section 3, "Profile"); Poems Read counts the different poems viewed. */
export async function profileSummary(db: DB, userId: number): Promise<ProfileSummary | undefined> {
  const user = await db.selectFrom("users").select("created_at").where("id", "=", userId).executeTakeFirst();
  if (!user) return undefined;
  const [favorites, read] = await Promise.all([
    db
      .selectFrom("favorites")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow(),
    poemsRead(db, userId),
  ]);
  return {
    created_at: new Date(user.created_at).toISOString(),
    stats: { favorite_count: Number(favorites.n), view_count: read },
  };
}
