import { requireApiUser } from "~/server/auth/auth.server";
import { getDb } from "~/server/db.server";
import { apiLoader, jsonResponse, readOnlyAction } from "~/server/http.server";
import { listFavorites } from "~/server/models/favorite.server";
import type { Route } from "./+types/favorites";
import { documented, documentRoute, SIGN_IN_401 } from "~/server/openapi/define.server";
import { FavoriteItemSchema } from "~/server/api-shapes.server";
import { z } from "zod";

const openapi = documentRoute("/api/favorites", {
  get: {
    tag: "Reader",
    access: "personal",
    summary: "The signed-in reader's favorite poems, most recent first",
    responses: {
      200: {
        description: "The favorites",
        schema: z.array(FavoriteItemSchema),
        example: [
          {
            id: "5dddd3d63842",
            slug: "ozymandias-of-egypt",
            title: "Ozymandias of Egypt",
            author: "Percy Bysshe Shelley",
            author_directory: "percy-bysshe-shelley",
            year: null,
            favorite_count: 3,
            favorited_at: "2026-11-20T09:14:03.000Z",
          },
        ],
      },
      401: SIGN_IN_401,
    },
  },
});

/**
 * GET /api/favorites: the signed-in reader's favorite poems, most recently favorited first, as a list of
 * `{id, title, author, year, favorited_at}` (plus slug, author_directory and favorite_count).
 */
export const loader = documented(openapi, function loader({ request }: Route.LoaderArgs) {
  return apiLoader(async () => {
    const user = await requireApiUser(request);
    const { favorites } = await listFavorites(getDb(), user.id, { sort: "date", order: "desc" });
    return jsonResponse(request, favorites, { cache: "no-store" });
  });
});

export const action = readOnlyAction;
