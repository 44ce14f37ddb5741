import { getDb } from "~/server/db.server";
import { apiLoader, jsonResponse, readOnlyAction } from "~/server/http.server";
import { search } from "~/server/models/search.server";
import { parseSearchParams } from "~/server/search/params";

/**
 * GET /api/search?q&fields&page&per_page&fuzzy&time_period&sort_by&order&skipCounts&snippet_chars|context:
 * poets, poems and content hits for a query, one page of each (see app/server/search/params.ts).
 */
export function loader({ request }: { request: Request }) {
  return apiLoader(async () => {
    const options = parseSearchParams(new URL(request.url).searchParams);
    return jsonResponse(request, await search(getDb(), options));
  });
}

export const action = readOnlyAction;
