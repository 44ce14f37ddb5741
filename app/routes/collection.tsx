import "~/styles/collections.css";
import { data, isRouteErrorResponse, Link, redirect, useLocation } from "react-router";
import { z } from "zod";
import { poemCountText } from "~/components/collection-card";
import { CollectionReader, type ReaderPoem } from "~/components/collection-reader";
import { ListControls, type SortOption } from "~/components/list/list-controls";
import { Pagination } from "~/components/list/pagination";
import { ViewToggle } from "~/components/list/view-toggle";
import { PoemCards, PoemTable } from "~/components/poem-card";
import { clampPosition } from "~/components/reader/reader-input";
import { siteNameFromMatches } from "~/components/use-site-name";
import { listHref, parseListParams, totalPages } from "~/lib/list-params";
import { readerFavorite } from "~/server/auth/auth.server";
import { getDb } from "~/server/db.server";
import {
  COLLECTION_POEM_SORTS,
  collectionPoemAt,
  countCollectionPoems,
  findCollection,
  searchCollectionPoems,
} from "~/server/models/collection.server";
import type { CollectionDetail } from "~/server/serialize.server";
import { absoluteUrl } from "~/server/site-url.server";
import type { Route } from "./+types/collection";
import { publicPageHeaders } from "~/lib/cache-headers";
import { ErrorView } from "~/components/error-view";

const SORT_OPTIONS: SortOption[] = [
  { value: "book", label: "Book order" },
  { value: "title", label: "Title" },
  { value: "year", label: "Year" },
  { value: "author", label: "Author" },
];

// Section 9: collection detail 12 (cards) and 40 (list).
const PAGE_SIZES = { cards: 12, list: 40 };

const CollectionIdParam = z.string().trim().min(1).max(200);

const notFound = () => data("Collection not found", { status: 404 });

/** The reader's address for a position; the list's other parameters ride along so Exit returns to them. */
function readerHref(pathname: string, search: URLSearchParams, position: number): string {
  return listHref(pathname, search, { reading: "true", position, page: search.get("page") });
}

function exitHref(pathname: string, search: URLSearchParams): string {
  return listHref(pathname, search, { reading: null, position: null, page: search.get("page") });
}

/** The fields the reader shows (text, byline, provenance), not the whole API shape. */
function readerPoem(poem: ReaderPoem): ReaderPoem {
  return {
    id: poem.id,
    slug: poem.slug,
    title: poem.title,
    subtitle: poem.subtitle,
    author: poem.author,
    author_directory: poem.author_directory,
    year: poem.year,
    content: poem.content,
    favorite_count: poem.favorite_count,
    translator: poem.translator,
    editor: poem.editor,
    note: poem.note,
    editorial_note: poem.editorial_note,
    rights: poem.rights,
    source: poem.source,
    collections: poem.collections,
  };
}

// Anonymous readers all get the same page: shared caches may keep it (see app/lib/cache-headers.ts).
export const headers: Route.HeadersFunction = publicPageHeaders;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const id = CollectionIdParam.safeParse(params.collectionId);
  if (!id.success) throw notFound();
  const db = getDb();
  const url = new URL(request.url);
  const search = url.searchParams;
  const collection = await findCollection(db, id.data);
  if (!collection) throw notFound();
  const canonical = absoluteUrl(request, `/collections/${collection.id}`);

  if (search.get("reading") === "true") {
    // Read mode loads one poem and the book's length, never the whole book's text.
    const total = await countCollectionPoems(db, collection.id);
    const position = clampPosition(search.get("position"), total);
    if (search.get("position") !== String(position)) throw redirect(readerHref(url.pathname, search, position));
    const found = total > 0 ? await collectionPoemAt(db, collection.id, position) : null;
    const shown = found ? await readerFavorite(request, readerPoem(found.poem), db, context) : null;
    const poem = shown?.poem ?? null;
    const poemUrl = poem ? absoluteUrl(request, `/poems/${poem.slug}`) : null;
    const favorited = shown?.favorited ?? false;
    return { mode: "read" as const, collection, canonical, reader: { position, total, poem, poemUrl, favorited } };
  }

  const list = parseListParams(search, { sorts: COLLECTION_POEM_SORTS, defaultSort: "book", pageSizes: PAGE_SIZES });
  const { poems, total } = await searchCollectionPoems(db, collection.id, {
    q: list.q,
    sort: list.sort,
    order: list.dir,
    page: list.page,
    perPage: list.perPage,
  });
  const pages = totalPages(total, list.perPage);
  if (list.page > pages) throw redirect(listHref(url.pathname, search, { page: pages }));
  return { mode: "browse" as const, collection, canonical, list, poems, total, pages };
}

export const meta: Route.MetaFunction = ({ data, error, matches }) => {
  const site = siteNameFromMatches(matches);
  if (!data) {
    const missing = isRouteErrorResponse(error) && error.status === 404;
    return [{ title: `${missing ? "Collection not found" : "Error"} | ${site}` }];
  }
  const { collection, canonical } = data;
  const description =
    collection.description ?? `${collection.title} (${collection.poet}): ${poemCountText(collection.poem_count)}.`;
  const poem = data.mode === "read" ? data.reader.poem : null;
  const title = poem ? `${poem.title} — ${collection.title}` : collection.title;
  return [
    { title: `${title} | ${site}` },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: canonical },
    { property: "og:type", content: "book" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: canonical },
    { property: "og:site_name", content: site },
  ];
};

export default function CollectionPage({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  if (loaderData.mode === "read") {
    const { collection, reader } = loaderData;
    return (
      <CollectionReader
        collectionTitle={collection.title}
        position={reader.position}
        total={reader.total}
        poem={reader.poem}
        hrefFor={(position) => readerHref(location.pathname, search, position)}
        exitHref={exitHref(location.pathname, search)}
        poemUrl={reader.poemUrl}
        favorited={reader.favorited}
      />
    );
  }

  const { collection, list, poems, total, pages } = loaderData;
  const first = (list.page - 1) * list.perPage + 1;
  const last = Math.min(list.page * list.perPage, total);
  // One poet's book needs no Author column; a book by several poets does.
  const severalPoets = collection.poet_directory === null;
  return (
    <article className="list-page collection-page" aria-labelledby="collection-title">
      <CollectionHeader collection={collection} />
      <section aria-labelledby="collection-poems-title">
        <h2 id="collection-poems-title" className="visually-hidden">
          Poems in this book
        </h2>
        <div className="list-page__toolbar">
          <ListControls
            searchLabel="Search poems in this collection"
            searchPlaceholder="Search poems..."
            q={list.q}
            sort={list.sort}
            dir={list.dir}
            sortOptions={SORT_OPTIONS}
            keep={["view"]}
          />
          <ViewToggle
            view={list.view}
            modes={["cards", "list", "read"]}
            hrefFor={(mode) =>
              mode === "read"
                ? readerHref(location.pathname, search, 0)
                : listHref(location.pathname, search, { view: mode === "cards" ? null : mode })
            }
          />
        </div>
        {poems.length === 0 ? (
          <p className="list-page__empty">
            {list.q ? "No poems found matching your search." : "This collection has no poems yet."}
          </p>
        ) : list.view === "list" ? (
          <PoemTable poems={poems} numbered showAuthor={severalPoets} showYear={false} caption={`Poems in ${collection.title}`} />
        ) : (
          <PoemCards poems={poems} numbered headingLevel={3} />
        )}
        {total > 0 && (
          <p className="list-page__count collection-page__showing" role="status">
            Showing {first} to {last} of {total} {total === 1 ? "poem" : "poems"}
          </p>
        )}
        <Pagination page={list.page} pages={pages} label="Poems pages" />
      </section>
    </article>
  );
}

const GITHUB_REPO = /^[\w.-]+\/[\w.-]+$/;

function CollectionHeader({ collection }: { collection: CollectionDetail }) {
  const { gutenberg_id: gutenbergId, repository } = collection.source;
  return (
    <header className="list-page__header collection-page__header">
      <p className="collection-page__kicker">
        <Link to="/collections">Poetry Collections</Link>
      </p>
      <h1 id="collection-title" className="list-page__title">
        {collection.title}
      </h1>
      <p className="collection-page__byline">
        {collection.anthology ? (
          // An anthology's author line only says "Various": its editor is the person to credit.
          (collection.editor ? `Edited by ${collection.editor}` : collection.poet)
        ) : (
          <>
            By{" "}
            {collection.poet_directory ? (
              <Link to={`/authors/${collection.poet_directory}`}>{collection.poet}</Link>
            ) : (
              collection.poet
            )}
          </>
        )}
      </p>
      <p className="collection-page__facts">
        {collection.year != null && (
          <>
            <span className="collection-page__year">{collection.year}</span>
            <span aria-hidden="true"> · </span>
          </>
        )}
        <span className="collection-page__count">{poemCountText(collection.poem_count)}</span>
      </p>
      {collection.description && <p className="collection-page__description">{collection.description}</p>}
      <aside className="provenance collection-page__source" aria-label="About this edition">
        {(gutenbergId != null || repository) && (
          <p>
            Source:{" "}
            {gutenbergId != null && (
              <a href={`https://www.gutenberg.org/ebooks/${gutenbergId}`}>Project Gutenberg eBook #{gutenbergId}</a>
            )}
            {gutenbergId != null && repository && ", via "}
            {repository &&
              (GITHUB_REPO.test(repository) ? <a href={`https://github.com/${repository}`}>{repository}</a> : repository)}
            .
          </p>
        )}
        {collection.rights === "pd_us_only" ? (
          <p className="provenance__rights">
            This book is in the public domain in the United States. It may still be protected by copyright in other
            countries.
          </p>
        ) : (
          <p>This book is in the public domain.</p>
        )}
      </aside>
    </header>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <ErrorView title="Collection not found">
        <p>There is no collection at this address. It may have been mistyped.</p>
        <p>
          <Link to="/collections">Browse all collections</Link> or <Link to="/">return home</Link>.
        </p>
      </ErrorView>
    );
  }
  return (
    <ErrorView title="Failed to load collection. Please try again later." alert>
      <p>
        <Link to="/collections">Browse all collections</Link>
      </p>
    </ErrorView>
  );
}
