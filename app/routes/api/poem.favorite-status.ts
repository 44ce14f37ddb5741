import { z } from "zod";
import { requireApiUser } from "~/server/auth/auth.server";
import { getDb } from "~/server/db.server";
import { apiLoader, jsonResponse, keyParam, notFound, parseInput, readOnlyAction } from "~/server/http.server";
import { favoriteStatus, resolvePoemId } from "~/server/models/favorite.server";
import type { Route } from "./+types/poem.favorite-status";

const Params = z.object({ id: keyParam("id") });

/** GET /api/poems/{id}/favorite/status: `{is_favorited, favorite_count}` for the signed-in reader. */
export function loader({ request, params }: Route.LoaderArgs) {
  return apiLoader(async () => {
    const user = await requireApiUser(request);
    const { id } = parseInput(Params, params);
    const db = getDb();
    const poemId = await resolvePoemId(db, id);
    const status = poemId ? await favoriteStatus(db, user.id, poemId) : undefined;
    if (!status) throw notFound(`No poem with id or slug '${id}'`);
    return jsonResponse(request, status, { cache: "no-store" });
  });
}

export const action = readOnlyAction;
