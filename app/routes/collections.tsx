import "~/styles/collections.css";
import { redirect } from "react-router";
import { CollectionCards, CollectionTable } from "~/components/collection-card";
import { ListControls, type SortOption } from "~/components/list/list-controls";
import { Pagination } from "~/components/list/pagination";
import { ViewToggle } from "~/components/list/view-toggle";
import { siteNameFromMatches } from "~/components/use-site-name";
import { listHref, parseListParams, totalPages } from "~/lib/list-params";
import { getDb } from "~/server/db.server";
import { COLLECTION_SORTS, searchCollections } from "~/server/models/collection.server";
import { absoluteUrl } from "~/server/site-url.server";
import type { Route } from "./+types/collections";
import { publicPageHeaders } from "~/lib/cache-headers";

const SORT_OPTIONS: SortOption[] = [
  { value: "title", label: "Title" },
  { value: "year", label: "Year" },
  { value: "poet", label: "Poet" },
  { value: "count", label: "Poem Count" },
];

// Section 9: collections list 12 (cards) and 40 (list).
const PAGE_SIZES = { cards: 12, list: 40 };

// Anonymous readers all get the same page: shared caches may keep it (see app/lib/cache-headers.ts).
export const headers: Route.HeadersFunction = publicPageHeaders;

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const params = parseListParams(url.searchParams, { sorts: COLLECTION_SORTS, defaultSort: "title", pageSizes: PAGE_SIZES });
  const result = await searchCollections(getDb(), {
    q: params.q,
    sort: params.sort,
    order: params.dir,
    page: params.page,
    perPage: params.perPage,
  });
  const pages = totalPages(result.total, params.perPage);
  // A page past the end (a shortened search, an edited URL) lands on the last one rather than on nothing.
  if (params.page > pages) throw redirect(listHref(url.pathname, url.searchParams, { page: pages }));
  return { ...result, params, pages, canonical: absoluteUrl(request, "/collections") };
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const site = siteNameFromMatches(matches);
  const tags = [
    { title: `Poetry Collections | ${site}` },
    { name: "description", content: "Whole books of public-domain poetry, each in its original order." },
  ];
  return data ? [...tags, { tagName: "link", rel: "canonical", href: data.canonical }] : tags;
};

export default function CollectionsPage({ loaderData }: Route.ComponentProps) {
  const { collections, total, overall, params, pages } = loaderData;
  const count = params.q ? `Found ${total} out of ${overall}` : `${total} ${total === 1 ? "collection" : "collections"} total`;
  return (
    <section className="list-page collections-page" aria-labelledby="collections-title">
      <header className="list-page__header">
        <h1 id="collections-title" className="list-page__title">
          Poetry Collections
        </h1>
        <p className="list-page__subtitle">Whole books of poems, read in the order their poets gave them.</p>
      </header>
      <div className="list-page__toolbar">
        <ListControls
          searchLabel="Search collections"
          searchPlaceholder="Search collections..."
          q={params.q}
          sort={params.sort}
          dir={params.dir}
          sortOptions={SORT_OPTIONS}
          keep={["view"]}
        />
        <ViewToggle view={params.view} />
      </div>
      <p className="list-page__count" role="status">
        {count}
      </p>
      {collections.length === 0 ? (
        <p className="list-page__empty">No collections found matching your search.</p>
      ) : params.view === "list" ? (
        <CollectionTable collections={collections} />
      ) : (
        <CollectionCards collections={collections} />
      )}
      <Pagination page={params.page} pages={pages} label="Collections pages" />
    </section>
  );
}

// Any failure of the list (the database, a bug) reads the same to a visitor: the spec's one message.
export function ErrorBoundary() {
  return (
    <section className="list-page collections-page error-view" aria-labelledby="collections-title">
      <h1 id="collections-title" className="list-page__title">
        Poetry Collections
      </h1>
      <p role="alert">Failed to load collections. Please try again later.</p>
    </section>
  );
}
