import { z } from "zod";
import { getDb } from "~/server/db.server";
import { apiLoader, intParam, jsonResponse, parseQuery, readOnlyAction } from "~/server/http.server";
import { popularPoems } from "~/server/models/poem.server";
import type { Route } from "./+types/poems.popular";

const Query = z.object({ limit: intParam("limit", { min: 1, max: 100, fallback: 20 }) });

/** GET /api/poems/popular?limit: most favourited first, then most read. */
export function loader({ request }: Route.LoaderArgs) {
  return apiLoader(async () => {
    const { limit } = parseQuery(request, Query);
    return jsonResponse(request, { poems: await popularPoems(getDb(), { limit }) });
  });
}

export const action = readOnlyAction;
