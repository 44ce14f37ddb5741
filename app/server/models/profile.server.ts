import type { z } from "zod";
import type { ProfileSummarySchema } from "../api-shapes.server";
import type { DB } from "../db.server";

export type ProfileSummary = z.infer<typeof ProfileSummarySchema>;

/**
 * The profile's numbers (spec section 3, "Profile"). Poems Read counts recorded views, which arrive with
 * view recording; until then no view is ever recorded, so it is honestly 0.
 */
export async function profileSummary(db: DB, userId: number): Promise<ProfileSummary | undefined> {
  const user = await db.selectFrom("users").select("created_at").where("id", "=", userId).executeTakeFirst();
  if (!user) return undefined;
  const favorites = await db
    .selectFrom("favorites")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return {
    created_at: new Date(user.created_at).toISOString(),
    stats: { favorite_count: Number(favorites.n), view_count: 0 },
  };
}
