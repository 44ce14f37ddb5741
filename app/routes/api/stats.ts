import { getDb } from "~/server/db.server";
import { apiLoader, jsonResponse, readOnlyAction } from "~/server/http.server";
import { getStats } from "~/server/models/stats.server";
import type { Route } from "./+types/stats";

/** GET /api/stats: how many poems, poets and collections there are. */
export function loader({ request }: Route.LoaderArgs) {
  return apiLoader(async () => jsonResponse(request, await getStats(getDb())));
}

export const action = readOnlyAction;
