import { z } from "zod";
import { getDb } from "~/server/db.server";
import { apiLoader, enumParam, intParam, jsonResponse, parseQuery, readOnlyAction } from "~/server/http.server";
import { listPoets, POET_SORTS } from "~/server/models/poet.server";
import { MAX_PAGE, MAX_PER_PAGE } from "~/server/serialize.server";
import type { Route } from "./+types/authors";

const Query = z.object({
  page: intParam("page", { min: 1, max: MAX_PAGE, fallback: 1 }),
  per_page: intParam("per_page", { min: 1, max: MAX_PER_PAGE, fallback: 20 }),
  sort: enumParam("sort", POET_SORTS),
  order: enumParam("order", ["asc", "desc"]),
});

/** GET /api/authors?page&per_page&sort=name|count&order: the poets, one page at a time. */
export function loader({ request }: Route.LoaderArgs) {
  return apiLoader(async () => {
    const query = parseQuery(request, Query);
    const result = await listPoets(getDb(), {
      page: query.page,
      perPage: query.per_page,
      sort: query.sort,
      order: query.order,
    });
    return jsonResponse(request, result);
  });
}

export const action = readOnlyAction;
