import { z } from "zod";
import { getDb } from "~/server/db.server";
import { apiLoader, intParam, jsonResponse, parseQuery, readOnlyAction } from "~/server/http.server";
import { popularPoems } from "~/server/models/poem.server";
import type { Route } from "./+types/poems.popular";
import { documented, documentRoute, errorDoc } from "~/server/openapi/define.server";
import { PoemListItemSchema } from "~/server/api-shapes.server";
import { POEM_LIST_ITEM_EXAMPLE } from "~/server/openapi/examples.server";

const Query = z.object({ limit: intParam("limit", { min: 1, max: 100, fallback: 20 }) });

const openapi = documentRoute("/api/poems/popular", {
  get: {
    tag: "Poems",
    access: "public",
    summary: "The most favourited poems, then the most read",
    query: Query,
    responses: {
      200: {
        description: "Up to `limit` poems",
        schema: z.object({ poems: z.array(PoemListItemSchema) }),
        example: { poems: [POEM_LIST_ITEM_EXAMPLE] },
      },
      400: errorDoc("A bad limit", { error: "limit must be a whole number from 1 to 100", parameter: "limit" }),
    },
  },
});

/** GET /api/poems/popular?limit: most favourited first, then most read. */
export const loader = documented(openapi, function loader({ request }: Route.LoaderArgs) {
  return apiLoader(async () => {
    const { limit } = parseQuery(request, Query);
    return jsonResponse(request, { poems: await popularPoems(getDb(), { limit }) });
  });
});

export const action = readOnlyAction;
