import { getDb } from "~/server/db.server";
import { apiLoader, jsonResponse, readOnlyAction } from "~/server/http.server";
import { search } from "~/server/models/search.server";
import { withPageLinks } from "~/server/page-links.server";
import { parseSearchParams } from "~/server/search/params";
import { documented, documentRoute, errorDoc } from "~/server/openapi/define.server";
import { SearchResponseSchema } from "~/server/api-shapes.server";
import { SearchQuerySchema } from "~/server/search/params";

const openapi = documentRoute("/api/search", {
  get: {
    tag: "Search",
    access: "public",
    summary: "Poets, poem titles and lines matching a query",
    description:
      "One page of each group. `fields` may be repeated (fields=title&fields=author) or a comma list. Totals are " +
      "exact up to 1000 (1001 means more); `skipCounts=true` leaves them null but keeps the has_more flags.",
    query: SearchQuerySchema,
    paginated: true,
    responses: {
      200: {
        description: "The hits",
        schema: SearchResponseSchema,
        example: {
          poets: [],
          poems: [
            {
              id: "5dddd3d63842",
              slug: "ozymandias-of-egypt",
              title: "Ozymandias of Egypt",
              author: "Percy Bysshe Shelley",
              author_directory: "percy-bysshe-shelley",
              year: null,
              favorite_count: 3,
              view_count: 41,
            },
          ],
          contents: [],
          pagination: {
            page: 1,
            per_page: 10,
            total_poets: 0,
            total_poems: 1,
            total_contents: 0,
            has_more_poets: false,
            has_more_poems: false,
            has_more_contents: false,
          },
          fuzzy: { poets: false, poems: false, contents: false },
        },
      },
      400: errorDoc("A missing or bad parameter", { error: "q must be at least 2 characters", parameter: "q" }),
    },
  },
});

/**
 * GET /api/search?q&fields&page&per_page&fuzzy&time_period&sort_by&order&skipCounts&snippet_chars|context:
 * poets, poems and content hits for a query, one page of each (see app/server/search/params.ts).
 */
export const loader = documented(openapi, function loader({ request }: { request: Request }) {
  return apiLoader(async () => {
    const options = parseSearchParams(new URL(request.url).searchParams);
    const started = performance.now();
    const result = await search(getDb(), options);
    // How long the search itself took, apart from the transport: what bench/search.ts reports beside the total.
    const took = `search;dur=${(performance.now() - started).toFixed(1)}`;
    const { has_more_poets, has_more_poems, has_more_contents } = result.pagination;
    const hasMore = has_more_poets || has_more_poems || has_more_contents;
    const response = withPageLinks(jsonResponse(request, result), request, { page: options.page, hasMore });
    response.headers.set("Server-Timing", took);
    return response;
  });
});

export const action = readOnlyAction;
