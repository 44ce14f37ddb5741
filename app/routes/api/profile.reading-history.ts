import { z } from "zod";
import { requireApiUser } from "~/server/auth/auth.server";
import { getDb } from "~/server/db.server";
import { apiLoader, intParam, jsonResponse, parseQuery, readOnlyAction } from "~/server/http.server";
import { readingHistory } from "~/server/models/poem-view.server";
import type { Route } from "./+types/profile.reading-history";

const Query = z.object({ limit: intParam("limit", { min: 1, max: 100, fallback: 20 }) });

/** GET /api/profile/reading-history: `{views: [{id, viewed_at, poem: {id, title, author, year}}]}`, newest first. */
export function loader({ request }: Route.LoaderArgs) {
  return apiLoader(async () => {
    const user = await requireApiUser(request);
    const { limit } = parseQuery(request, Query);
    const views = await readingHistory(getDb(), user.id, limit);
    return jsonResponse(request, { views }, { cache: "no-store" });
  });
}

export const action = readOnlyAction;
