import { requireApiUser } from "~/server/auth/auth.server";
import { getDb } from "~/server/db.server";
import { ApiError, apiLoader, jsonResponse, readOnlyAction } from "~/server/http.server";
import { profileSummary } from "~/server/models/profile.server";
import type { Route } from "./+types/profile";

/** GET /api/profile: `{created_at, stats: {favorite_count, view_count}}` for the signed-in reader. */
export function loader({ request }: Route.LoaderArgs) {
  return apiLoader(async () => {
    const user = await requireApiUser(request);
    const summary = await profileSummary(getDb(), user.id);
    if (!summary) throw new ApiError(401, "Sign in required");
    return jsonResponse(request, summary, { cache: "no-store" });
  });
}

export const action = readOnlyAction;
