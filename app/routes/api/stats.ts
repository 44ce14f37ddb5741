import { getDb } from "~/server/db.server";
import { apiLoader, jsonResponse, readOnlyAction } from "~/server/http.server";
import { getStats } from "~/server/models/stats.server";
import type { Route } from "./+types/stats";
import { documented, documentRoute } from "~/server/openapi/define.server";
import { StatsSchema } from "~/server/api-shapes.server";

const openapi = documentRoute("/api/stats", {
  get: {
    tag: "Service",
    access: "public",
    summary: "How many poems, poets and collections there are",
    responses: {
      200: {
        description: "The counts",
        schema: StatsSchema,
        example: { total_poems: 24183, total_poets: 612, total_collections: 31 },
      },
    },
  },
});

/** GET /api/stats: how many poems, poets and collections there are. */
export const loader = documented(openapi, function loader({ request }: Route.LoaderArgs) {
  return apiLoader(async () => jsonResponse(request, await getStats(getDb())));
});

export const action = readOnlyAction;
