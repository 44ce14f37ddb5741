import { requireApiUser } from "~/server/auth/auth.server";
import { getDb } from "~/server/db.server";
import { apiLoader, jsonResponse, readOnlyAction } from "~/server/http.server";
import { listFavorites } from "~/server/models/favorite.server";
import type { Route } from "./+types/favorites";

/**
 * GET /api/favorites: the signed-in reader's favorite poems, most recently favorited first, as a list of
 * `{id, title, author, year, favorited_at}` (plus slug, author_directory and favorite_count).
 */
export function loader({ request }: Route.LoaderArgs) {
  return apiLoader(async () => {
    const user = await requireApiUser(request);
    const { favorites } = await listFavorites(getDb(), user.id, { sort: "date", order: "desc" });
    return jsonResponse(request, favorites, { cache: "no-store" });
  });
}

export const action = readOnlyAction;
