import { data, Link, redirect, useLocation } from "react-router";
import { ListControls } from "~/components/list/list-controls";
import { Pagination } from "~/components/list/pagination";
import { ViewToggle } from "~/components/list/view-toggle";
import { PoemCards, PoemTable } from "~/components/poem-card";
import { siteNameFromMatches } from "~/components/use-site-name";
import { type ListConfig, listHref, parseListParams, totalPages } from "~/lib/list-params";
import { getDb } from "~/server/db.server";
import { isDatabaseUnavailable } from "~/server/http.server";
import { listPoems, type PoemSort } from "~/server/models/poem.server";
import { declareShown } from "~/server/response-dependencies.server";
import { searchPoemTitles } from "~/server/models/search.server";
import { absoluteUrl } from "~/server/site-url.server";
import type { Route } from "./+types/poems";
import "~/styles/lists.css";
import { publicPageHeaders } from "~/lib/cache-headers";
import { httpErrorMessage } from "~/lib/route-error";

/** Page sizes of spec section 9: 12 cards or 25 rows. The sorts are the model's (POEM_SORTS). */
const POEMS_LIST: ListConfig<PoemSort> = {
  sorts: ["title", "year", "author", "likes"],
  defaultSort: "title",
  pageSizes: { cards: 12, list: 25 },
};

const SORT_OPTIONS = [
  { value: "title", label: "Title" },
  { value: "year", label: "Year" },
  { value: "author", label: "Author" },
  { value: "likes", label: "Likes" },
];

// Anonymous readers all get the same page: shared caches may keep it (see app/lib/cache-headers.ts).
export const headers: Route.HeadersFunction = publicPageHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const params = parseListParams(url.searchParams, POEMS_LIST);
  const db = getDb();
  const options = { page: params.page, perPage: params.perPage, sort: params.sort, order: params.dir };
  let result: { poems: Awaited<ReturnType<typeof listPoems>>["poems"]; total: number };
  try {
    // Fuzzy on title (spec section 5): spelling slips still find the poem.
    result = params.q ? await searchPoemTitles(db, { ...options, q: params.q }) : await listPoems(db, options);
  } catch (error) {
    if (isDatabaseUnavailable(error)) {
      throw data("The database is unavailable; please try again shortly.", { status: 503 });
    }
    throw error;
  }
  const pages = totalPages(result.total, params.perPage);
  // A page past the end (a stale link, a hand-edited URL) shows the last page rather than nothing.
  if (params.page > pages && result.total > 0) {
    throw redirect(listHref(url.pathname, url.searchParams, { page: pages }));
  }
  // The cards show these poems' counts; unless the list is ranked by them, other poems' favorites change nothing.
  if (params.sort !== "likes") declareShown(context, result.poems.map((p) => p.id));
  const canonicalPath = params.page > 1 ? `/poems?page=${params.page}` : "/poems";
  return {
    ...params,
    poems: result.poems,
    total: result.total,
    pages,
    canonical: absoluteUrl(request, canonicalPath),
  };
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const site = siteNameFromMatches(matches);
  const description = "Explore the complete collection of public-domain poetry: search titles, sort and browse.";
  return [
    { title: data && data.page > 1 ? `Poems, page ${data.page} | ${site}` : `Poems | ${site}` },
    { name: "description", content: description },
    { property: "og:title", content: `Poems | ${site}` },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
    ...(data ? [{ tagName: "link", rel: "canonical", href: data.canonical }] : []),
  ];
};

function countLine(total: number, searching: boolean): string {
  const n = total.toLocaleString("en-US");
  const poems = total === 1 ? "poem" : "poems";
  return searching ? `Found ${n} ${poems} matching your search` : `${n} ${poems} total`;
}

function PageHeader() {
  return (
    <header className="list-page__header">
      <h1 id="poems-heading" className="list-page__title">
        Poems
      </h1>
      <p className="list-page__subtitle">Explore the complete collection of poetry.</p>
    </header>
  );
}

export default function PoemsPage({ loaderData }: Route.ComponentProps) {
  const { poems, total, page, pages, view, sort, dir, q } = loaderData;
  return (
    <section className="list-page poems-page" aria-labelledby="poems-heading">
      <PageHeader />
      <div className="list-page__toolbar">
        <ListControls
          searchLabel="Search poems by title"
          searchPlaceholder="Search poems..."
          q={q}
          sort={sort}
          dir={dir}
          sortOptions={SORT_OPTIONS}
          keep={["view"]}
        />
        <ViewToggle view={view} />
      </div>
      <p className="list-page__count" role="status">
        {countLine(total, q !== "")}
      </p>
      {poems.length === 0 ? (
        <p className="list-page__empty">No poems found matching your search.</p>
      ) : view === "list" ? (
        <PoemTable poems={poems} caption="Poems" />
      ) : (
        <PoemCards poems={poems} />
      )}
      <Pagination page={page} pages={pages} label="Poems pages" />
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const location = useLocation();
  const message = httpErrorMessage(error, "Unknown error");
  return (
    <section className="list-page poems-page">
      <PageHeader />
      <div className="error-view" role="alert">
        <p>Error: {message}</p>
        <p>
          <Link className="button" to={listHref(location.pathname, new URLSearchParams(location.search), { page: 1 })}>
            Try Again
          </Link>
        </p>
      </div>
    </section>
  );
}
