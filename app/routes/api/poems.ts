import { z } from "zod";
import { getDb } from "~/server/db.server";
import { apiLoader, enumParam, intParam, jsonResponse, parseQuery, readOnlyAction } from "~/server/http.server";
import { listPoems, POEM_SORTS } from "~/server/models/poem.server";
import { MAX_PAGE, MAX_PER_PAGE } from "~/server/serialize.server";
import type { Route } from "./+types/poems";

const Query = z.object({
  page: intParam("page", { min: 1, max: MAX_PAGE, fallback: 1 }),
  per_page: intParam("per_page", { min: 1, max: MAX_PER_PAGE, fallback: 20 }),
  sort: enumParam("sort", POEM_SORTS),
  order: enumParam("order", ["asc", "desc"]),
});

/** GET /api/poems?page&per_page&sort&order: the catalogue, one page at a time. */
export function loader({ request }: Route.LoaderArgs) {
  return apiLoader(async () => {
    const query = parseQuery(request, Query);
    const result = await listPoems(getDb(), {
      page: query.page,
      perPage: query.per_page,
      sort: query.sort,
      order: query.order,
    });
    return jsonResponse(request, result);
  });
}

export const action = readOnlyAction;
