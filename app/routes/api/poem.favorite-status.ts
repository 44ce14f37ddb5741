import { z } from "zod";
import { requireApiUser } from "~/server/auth/auth.server";
import { getDb } from "~/server/db.server";
import { apiLoader, jsonResponse, keyParam, notFound, parseInput, readOnlyAction } from "~/server/http.server";
import { favoriteStatus, resolvePoemId } from "~/server/models/favorite.server";
import type { Route } from "./+types/poem.favorite-status";
import { documented, documentRoute, errorDoc, SIGN_IN_401 } from "~/server/openapi/define.server";
import { FavoriteStatusSchema } from "~/server/api-shapes.server";

const Params = z.object({ id: keyParam("id") });

const openapi = documentRoute("/api/poems/{id}/favorite/status", {
  get: {
    tag: "Reader",
    access: "personal",
    summary: "Whether the signed-in reader has favorited a poem",
    params: Params,
    responses: {
      200: {
        description: "The reader's status and the poem's count",
        schema: FavoriteStatusSchema,
        example: { is_favorited: true, favorite_count: 3 },
      },
      401: SIGN_IN_401,
      404: errorDoc("No poem has this id or slug", { error: "No poem with id or slug 'nowhere'" }),
    },
  },
});

/** GET /api/poems/{id}/favorite/status: `{is_favorited, favorite_count}` for the signed-in reader. */
export const loader = documented(openapi, function loader({ request, params }: Route.LoaderArgs) {
  return apiLoader(async () => {
    const user = await requireApiUser(request);
    const { id } = parseInput(Params, params);
    const db = getDb();
    const poemId = await resolvePoemId(db, id);
    const status = poemId ? await favoriteStatus(db, user.id, poemId) : undefined;
    if (!status) throw notFound(`No poem with id or slug '${id}'`);
    return jsonResponse(request, status, { cache: "no-store" });
  });
});

export const action = readOnlyAction;
