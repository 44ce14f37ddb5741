import { z } from "zod";
import { requireApiUser } from "~/server/auth/auth.server";
import { requireSameOrigin } from "~/server/auth/origin.server";
import { getDb } from "~/server/db.server";
import { apiLoader, jsonError, jsonResponse, keyParam, notFound, parseInput } from "~/server/http.server";
import { resolvePoemId, toggleFavorite } from "~/server/models/favorite.server";
import type { Route } from "./+types/poem.favorite";

const Params = z.object({ id: keyParam("id") });

/**
 * POST /api/poems/{id}/favorite: flips the signed-in reader's favorite on a poem (id or slug) and answers
 * `{action: "favorited" | "unfavorited", favorite_count}` with the poem's new count. 401 without a session.
 */
export function action({ request, params }: Route.ActionArgs) {
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
}

export function loader() {
  const response = jsonError(405, { error: "Method not allowed: this endpoint answers POST only" });
  response.headers.set("Allow", "POST");
  return response;
}
