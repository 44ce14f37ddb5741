import { z } from "zod";
import { getDb } from "~/server/db.server";
import { apiLoader, intParam, jsonResponse, keyParam, notFound, parseInput, parseQuery, readOnlyAction } from "~/server/http.server";
import { findPoet, listPoetPoems } from "~/server/models/poet.server";
import { MAX_PAGE, MAX_PER_PAGE } from "~/server/serialize.server";
import type { Route } from "./+types/author.poems";

const Params = z.object({ directory: keyParam("directory") });
const Query = z.object({
  page: intParam("page", { min: 1, max: MAX_PAGE, fallback: 1 }),
  per_page: intParam("per_page", { min: 1, max: MAX_PER_PAGE, fallback: 20 }),
});

/** GET /api/authors/{directory}/poems?page&per_page: a poet's poems by title. */
export function loader({ request, params }: Route.LoaderArgs) {
  return apiLoader(async () => {
    const { directory } = parseInput(Params, params);
    const query = parseQuery(request, Query);
    const db = getDb();
    const poet = await findPoet(db, directory);
    if (!poet) throw notFound(`No poet with directory '${directory}'`);
    return jsonResponse(request, await listPoetPoems(db, poet.id, { page: query.page, perPage: query.per_page }));
  });
}

export const action = readOnlyAction;
