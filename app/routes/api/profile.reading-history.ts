import { z } from "zod";
import { requireApiUser } from "~/server/auth/auth.server";
import { getDb } from "~/server/db.server";
import { apiLoader, intParam, jsonResponse, parseQuery, readOnlyAction } from "~/server/http.server";
import { readingHistory } from "~/server/models/poem-view.server";
import type { Route } from "./+types/profile.reading-history";
import { documented, documentRoute, errorDoc, SIGN_IN_401 } from "~/server/openapi/define.server";
import { ReadingHistorySchema } from "~/server/api-shapes.server";

const Query = z.object({ limit: intParam("limit", { min: 1, max: 100, fallback: 20 }) });

const openapi = documentRoute("/api/profile/reading-history", {
  get: {
    tag: "Reader",
    access: "personal",
    summary: "The poems the signed-in reader opened, newest first",
    query: Query,
    responses: {
      200: {
        description: "The most recent views",
        schema: ReadingHistorySchema,
        example: {
          views: [
            {
              id: "42",
              viewed_at: "2026-11-20T09:14:03.000Z",
              poem: { id: "5dddd3d63842", title: "Ozymandias of Egypt", author: "Percy Bysshe Shelley", year: null },
            },
          ],
        },
      },
      400: errorDoc("limit is not a whole number from 1 to 100", {
        error: "limit must be a whole number from 1 to 100",
        parameter: "limit",
      }),
      401: SIGN_IN_401,
    },
  },
});

/** GET /api/profile/reading-history: `{views: [{id, viewed_at, poem: {id, title, author, year}}]}`, newest first. */
export const loader = documented(openapi, function loader({ request }: Route.LoaderArgs) {
  return apiLoader(async () => {
    const user = await requireApiUser(request);
    const { limit } = parseQuery(request, Query);
    const views = await readingHistory(getDb(), user.id, limit);
    const answer: z.infer<typeof ReadingHistorySchema> = { views };
    return jsonResponse(request, answer, { cache: "no-store" });
  });
});

export const action = readOnlyAction;
