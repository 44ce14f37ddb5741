import { z } from "zod";
import { getDb } from "~/server/db.server";
import { apiLoader, intParam, jsonResponse, keyParam, notFound, parseInput, parseQuery, readOnlyAction } from "~/server/http.server";
import { findPoet, listPoetPoems } from "~/server/models/poet.server";
import { MAX_PAGE, MAX_PER_PAGE } from "~/server/serialize.server";
import { withPageLinks } from "~/server/page-links.server";
import type { Route } from "./+types/author.poems";
import { documented, documentRoute, errorDoc } from "~/server/openapi/define.server";
import { PoemPageSchema } from "~/server/api-shapes.server";
import { POEM_LIST_ITEM_EXAMPLE } from "~/server/openapi/examples.server";

const Params = z.object({ directory: keyParam("directory") });
const Query = z.object({
  page: intParam("page", { min: 1, max: MAX_PAGE, fallback: 1 }),
  per_page: intParam("per_page", { min: 1, max: MAX_PER_PAGE, fallback: 20 }),
});

const openapi = documentRoute("/api/authors/{directory}/poems", {
  get: {
    tag: "Poets",
    access: "public",
    summary: "A poet's poems by title, one page at a time",
    params: Params,
    query: Query,
    paginated: true,
    responses: {
      200: {
        description: "One page of the poet's poems",
        schema: PoemPageSchema,
        example: { total: 339, total_pages: 17, page: 1, per_page: 20, poems: [POEM_LIST_ITEM_EXAMPLE] },
      },
      400: errorDoc("A bad parameter", { error: "per_page must be a whole number from 1 to 100", parameter: "per_page" }),
      404: errorDoc("No poet has this directory", { error: "No poet with directory 'nobody'" }),
    },
  },
});

/** GET /api/authors/{directory}/poems?page&per_page: a poet's poems by title. */
export const loader = documented(openapi, function loader({ request, params }: Route.LoaderArgs) {
  return apiLoader(async () => {
    const { directory } = parseInput(Params, params);
    const query = parseQuery(request, Query);
    const db = getDb();
    const poet = await findPoet(db, directory);
    if (!poet) throw notFound(`No poet with directory '${directory}'`);
    const result = await listPoetPoems(db, poet.id, { page: query.page, perPage: query.per_page });
    return withPageLinks(jsonResponse(request, result), request, { page: result.page, totalPages: result.total_pages });
  });
});

export const action = readOnlyAction;
