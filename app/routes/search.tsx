import { data, Link, redirect, useLocation } from "react-router";
import { SearchScreen } from "~/components/search/search-results";
import { siteNameFromMatches } from "~/components/use-site-name";
import { listHref } from "~/lib/list-params";
import { isSearchable } from "~/lib/search-options";
import { parseSearchPageParams } from "~/lib/search-page-params";
import { getDb } from "~/server/db.server";
import { isDatabaseUnavailable } from "~/server/http.server";
import { searchPage } from "~/server/models/search-page.server";
import type { Route } from "./+types/search";
import "~/styles/lists.css";
import "~/styles/search.css";
import { publicPageHeaders } from "~/lib/cache-headers";
import { httpErrorMessage } from "~/lib/route-error";

/** /search?q=…: results in tabs (Poems, Poets, Content Matches). Without a searchable q it goes home. */
// Anonymous readers all get the same page: shared caches may keep it (see app/lib/cache-headers.ts).
export const headers: Route.HeadersFunction = publicPageHeaders;

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const params = parseSearchPageParams(url.searchParams);
  if (!isSearchable(params.q)) throw redirect("/");
  let result: Awaited<ReturnType<typeof searchPage>>;
  try {
    result = await searchPage(getDb(), params);
  } catch (error) {
    if (isDatabaseUnavailable(error)) {
      throw data("The database is unavailable; please try again shortly.", { status: 503 });
    }
    throw error;
  }
  // A page past the end (a stale link, a hand-edited URL) shows the last page rather than nothing.
  if (params.page > result.pages && result.totals[result.tab] > 0) {
    throw redirect(listHref(url.pathname, url.searchParams, { page: result.pages }));
  }
  return { params, ...result };
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const site = siteNameFromMatches(matches);
  return [
    { title: data ? `Search results for "${data.params.q}" | ${site}` : `Search | ${site}` },
    { name: "robots", content: "noindex, follow" },
  ];
};

export default function SearchRoute({ loaderData }: Route.ComponentProps) {
  return <SearchScreen data={loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const location = useLocation();
  const message = httpErrorMessage(error, "Search failed");
  return (
    <section className="list-page search-page">
      <h1 className="list-page__title">Search results</h1>
      <div className="error-view" role="alert">
        <p>Error: {message}</p>
        <p>
          <Link className="button" to={`${location.pathname}${location.search}`} reloadDocument>
            Try Again
          </Link>
        </p>
      </div>
    </section>
  );
}
