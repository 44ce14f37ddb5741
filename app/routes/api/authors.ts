import { z } from "zod";
import { getDb } from "~/server/db.server";
import { apiLoader, enumParam, intParam, jsonResponse, parseQuery, readOnlyAction } from "~/server/http.server";
import { listPoets, POET_SORTS } from "~/server/models/poet.server";
import { MAX_PAGE, MAX_PER_PAGE } from "~/server/serialize.server";
import { withPageLinks } from "~/server/page-links.server";
import type { Route } from "./+types/authors";
import { documented, documentRoute, errorDoc } from "~/server/openapi/define.server";
import { PoetPageSchema } from "~/server/api-shapes.server";
import { POET_EXAMPLE } from "~/server/openapi/examples.server";

const Query = z.object({
  page: intParam("page", { min: 1, max: MAX_PAGE, fallback: 1 }),
  per_page: intParam("per_page", { min: 1, max: MAX_PER_PAGE, fallback: 20 }),
  sort: enumParam("sort", POET_SORTS),
  order: enumParam("order", ["asc", "desc"]),
});

const openapi = documentRoute("/api/authors", {
  get: {
    tag: "Poets",
    access: "public",
    summary: "The poets, one page at a time",
    description: "sort=name (default, by last name) or count (poems in the corpus).",
    query: Query,
    paginated: true,
    responses: {
      200: {
        description: "One page of poets",
        schema: PoetPageSchema,
        example: { total: 612, total_pages: 31, page: 1, per_page: 20, poets: [POET_EXAMPLE] },
      },
      400: errorDoc("A bad parameter", { error: "sort must be one of: name, count", parameter: "sort" }),
    },
  },
});

/** GET /api/authors?page&per_page&sort=name|count&order: the poets, one page at a time. */
export const loader = documented(openapi, function loader({ request }: Route.LoaderArgs) {
  return apiLoader(async () => {
    const query = parseQuery(request, Query);
    const result = await listPoets(getDb(), {
      page: query.page,
      perPage: query.per_page,
      sort: query.sort,
      order: query.order,
    });
    return withPageLinks(jsonResponse(request, result), request, { page: result.page, totalPages: result.total_pages });
  });
});

export const action = readOnlyAction;
