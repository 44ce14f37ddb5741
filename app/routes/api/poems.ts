import { z } from "zod";
import { getDb } from "~/server/db.server";
import { apiLoader, enumParam, intParam, jsonResponse, parseQuery, readOnlyAction } from "~/server/http.server";
import { listPoems, POEM_SORTS } from "~/server/models/poem.server";
import { MAX_PAGE, MAX_PER_PAGE } from "~/server/serialize.server";
import { withPageLinks } from "~/server/page-links.server";
import type { Route } from "./+types/poems";
import { documented, documentRoute, errorDoc } from "~/server/openapi/define.server";
import { PoemPageSchema } from "~/server/api-shapes.server";
import { POEM_LIST_ITEM_EXAMPLE } from "~/server/openapi/examples.server";

const Query = z.object({
  page: intParam("page", { min: 1, max: MAX_PAGE, fallback: 1 }),
  per_page: intParam("per_page", { min: 1, max: MAX_PER_PAGE, fallback: 20 }),
  sort: enumParam("sort", POEM_SORTS),
  order: enumParam("order", ["asc", "desc"]),
});

const openapi = documentRoute("/api/poems", {
  get: {
    tag: "Poems",
    access: "public",
    summary: "The catalogue of poems, one page at a time",
    description: "Sorted by title unless `sort` says otherwise; `order` defaults to the natural direction of the sort.",
    query: Query,
    paginated: true,
    responses: {
      200: {
        description: "One page of poems (without their text)",
        schema: PoemPageSchema,
        example: { total: 24183, total_pages: 1210, page: 1, per_page: 20, poems: [POEM_LIST_ITEM_EXAMPLE] },
      },
      400: errorDoc("A bad parameter", { error: "per_page must be a whole number from 1 to 100", parameter: "per_page" }),
    },
  },
});

/** GET /api/poems?page&per_page&sort&order: the catalogue, one page at a time. */
export const loader = documented(openapi, function loader({ request }: Route.LoaderArgs) {
  return apiLoader(async () => {
    const query = parseQuery(request, Query);
    const result = await listPoems(getDb(), {
      page: query.page,
      perPage: query.per_page,
      sort: query.sort,
      order: query.order,
    });
    return withPageLinks(jsonResponse(request, result), request, { page: result.page, totalPages: result.total_pages });
  });
});

export const action = readOnlyAction;
