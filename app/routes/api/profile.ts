import { requireApiUser } from "~/server/auth/auth.server";
import { getDb } from "~/server/db.server";
import { ApiError, apiLoader, jsonResponse, readOnlyAction } from "~/server/http.server";
import { profileSummary } from "~/server/models/profile.server";
import type { Route } from "./+types/profile";
import { documented, documentRoute, SIGN_IN_401 } from "~/server/openapi/define.server";
import { ProfileSummarySchema } from "~/server/api-shapes.server";

const openapi = documentRoute("/api/profile", {
  get: {
    tag: "Reader",
    access: "personal",
    summary: "The signed-in reader's account summary",
    responses: {
      200: {
        description: "When the account was made and its numbers",
        schema: ProfileSummarySchema,
        example: { created_at: "2026-10-02T18:30:00.000Z", stats: { favorite_count: 12, view_count: 0 } },
      },
      401: SIGN_IN_401,
    },
  },
});

/** GET /api/profile: `{created_at, stats: {favorite_count, view_count}}` for the signed-in reader. */
export const loader = documented(openapi, function loader({ request }: Route.LoaderArgs) {
  return apiLoader(async () => {
    const user = await requireApiUser(request);
    const summary = await profileSummary(getDb(), user.id);
    if (!summary) throw new ApiError(401, "Sign in required");
    return jsonResponse(request, summary, { cache: "no-store" });
  });
});

export const action = readOnlyAction;
