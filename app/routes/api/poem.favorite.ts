import { z } from "zod";
import { requireApiUser } from "~/server/auth/auth.server";
import { requireSameOrigin } from "~/server/auth/origin.server";
import { getDb } from "~/server/db.server";
import { apiLoader, jsonError, jsonResponse, keyParam, notFound, parseInput } from "~/server/http.server";
import { resolvePoemId, toggleFavorite } from "~/server/models/favorite.server";
import type { Route } from "./+types/poem.favorite";
import { documented, documentRoute, errorDoc, SIGN_IN_401 } from "~/server/openapi/define.server";
import { FavoriteChangeSchema } from "~/server/api-shapes.server";

const Params = z.object({ id: keyParam("id") });

const openapi = documentRoute("/api/poems/{id}/favorite", {
  post: {
    tag: "Reader",
    access: "personal",
    summary: "Flips the signed-in reader's favorite on a poem",
    description: "Needs an Origin (or Referer) naming this site.",
    params: Params,
    responses: {
      200: {
        description: "What changed and the poem's new count",
        schema: FavoriteChangeSchema,
        example: { action: "favorited", favorite_count: 4 },
      },
      401: SIGN_IN_401,
      403: errorDoc("Origin or Referer missing or foreign", { error: "This form was sent from another site and has been refused." }),
      404: errorDoc("No poem has this id or slug", { error: "No poem with id or slug 'nowhere'" }),
    },
  },
});

/**
 * POST /api/poems/{id}/favorite: flips the signed-in reader's favorite on a poem (id or slug) and answers
 * `{action: "favorited" | "unfavorited", favorite_count}` with the poem's new count. 401 without a session.
 */
export const action = documented(openapi, function action({ request, params }: Route.ActionArgs) {
  return apiLoader(async () => {
    if (request.method !== "POST") {
      const response = jsonError(405, { error: "Method not allowed: this endpoint answers POST only" });
      response.headers.set("Allow", "POST");
      return response;
    }
    requireSameOrigin(request, "api");
    const user = await requireApiUser(request);
    const { id } = parseInput(Params, params);
    const db = getDb();
    const poemId = await resolvePoemId(db, id);
    const change = poemId ? await toggleFavorite(db, user.id, poemId) : undefined;
    if (!change) throw notFound(`No poem with id or slug '${id}'`);
    return jsonResponse(request, { action: change.action, favorite_count: change.favorite_count }, { cache: "no-store" });
  });
});

export function loader() {
  const response = jsonError(405, { error: "Method not allowed: this endpoint answers POST only" });
  response.headers.set("Allow", "POST");
  return response;
}
