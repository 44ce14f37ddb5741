import "~/styles/poets.css";
import { data, isRouteErrorResponse, Link, useLocation } from "react-router";
import { z } from "zod";
import { ListControls } from "~/components/list/list-controls";
import { Pagination } from "~/components/list/pagination";
import { ViewToggle } from "~/components/list/view-toggle";
import { PoemCards, PoemTable } from "~/components/poem-card";
import { PoetBiography } from "~/components/poet-biography";
import { poetHref } from "~/components/poet-card";
import { PoetPortrait } from "~/components/poet-portrait";
import { siteNameFromMatches } from "~/components/use-site-name";
import { formatLifeYears } from "~/lib/life-years";
import { type ListConfig, listHref, parseListParams, totalPages } from "~/lib/list-params";
import { metaDescription } from "~/lib/truncate";
import { getDb } from "~/server/db.server";
import { isDatabaseUnavailable } from "~/server/http.server";
import { findPoet, listPoetPoems } from "~/server/models/poet.server";
import { searchPoemTitles } from "~/server/models/search.server";
import type { PoemListItem, PoetApi } from "~/server/serialize.server";
import { absoluteUrl } from "~/server/site-url.server";
import type { Route } from "./+types/author";
import { publicPageHeaders } from "~/lib/cache-headers";
import { declareShown } from "~/server/response-dependencies.server";
import { ErrorView } from "~/components/error-view";

const NOT_FOUND = "Author not found";

const POEMS_LIST: ListConfig<"title"> = { sorts: ["title"], defaultSort: "title", pageSizes: { cards: 12, list: 25 } };

const DirectoryParam = z.string().trim().min(1).max(200);

type ShownPoet = Pick<
  PoetApi,
  | "name"
  | "directory"
  | "poem_count"
  | "birth_date"
  | "death_date"
  | "description"
  | "biography"
  | "biography_source"
  | "biography_license"
  | "primary_image_url"
  | "meta_data"
>;

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** schema.org Person for search engines: only the fields we know, so nothing is claimed that we lack. */
function personJsonLd(poet: ShownPoet, url: string, description: string | null) {
  return {
    "@context": "https://schema.org",
    "@type": "Person",
    name: poet.name,
    url,
    ...(poet.birth_date ? { birthDate: poet.birth_date } : {}),
    ...(poet.death_date ? { deathDate: poet.death_date } : {}),
    ...(poet.meta_data.wikipedia_url ? { sameAs: [poet.meta_data.wikipedia_url] } : {}),
    ...(description ? { description } : {}),
    ...(poet.primary_image_url ? { image: poet.primary_image_url } : {}),
  };
}

// Anonymous readers all get the same page: shared caches may keep it (see app/lib/cache-headers.ts).
export const headers: Route.HeadersFunction = publicPageHeaders;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  // The spec's wildcard route: everything after /authors/ is the directory, less any trailing slash.
  const directory = DirectoryParam.safeParse((params["*"] ?? "").replace(/\/+$/, ""));
  if (!directory.success) throw data(NOT_FOUND, { status: 404 });
  const db = getDb();

  const found = await findPoet(db, directory.data).catch((error: unknown) => {
    console.error(`Failed to load author: ${errorMessage(error)}`);
    throw data(NOT_FOUND, { status: isDatabaseUnavailable(error) ? 503 : 500, headers: { "Cache-Control": "no-store" } });
  });
  if (!found) throw data(NOT_FOUND, { status: 404 });
  const poet: ShownPoet = {
    name: found.name,
    directory: found.directory,
    poem_count: found.poem_count,
    birth_date: found.birth_date,
    death_date: found.death_date,
    description: found.description,
    biography: found.biography,
    biography_source: found.biography_source,
    biography_license: found.biography_license,
    primary_image_url: found.primary_image_url,
    meta_data: found.meta_data,
  };

  const search = new URL(request.url).searchParams;
  const list = parseListParams(search, POEMS_LIST);
  // The title filter is the site's title search (app/server/search/titles.server.ts): a case-insensitive
  // substring (spec section 5), with similar spellings when no title contains the text.
  const pageOf = (page: number) =>
    list.q
      ? searchPoemTitles(db, {
          q: list.q,
          poetId: found.id,
          page,
          perPage: list.perPage,
          sort: "title",
          order: list.dir,
          fuzzy: "fallback",
        })
      : listPoetPoems(db, found.id, { order: list.dir, page, perPage: list.perPage });
  let poems: PoemListItem[] = [];
  let matched = 0;
  let page = list.page;
  try {
    let result = await pageOf(page);
    const pages = totalPages(result.total, list.perPage);
    if (page > pages) {
      page = pages;
      result = await pageOf(page);
    }
    poems = result.poems;
    matched = result.total;
    // Listed by title: only the counts on these cards can change it.
    declareShown(context, poems.map((p) => p.id));
  } catch (error) {
    // The spec: a failure to load the poet's poems leaves the list empty; the poet is still shown.
    console.error(`Failed to load the poems of ${found.directory}: ${errorMessage(error)}`);
  }

  const canonical = absoluteUrl(request, poetHref(found));
  const text = (poet.biography?.trim() || poet.description?.trim()) ?? "";
  const description = text ? metaDescription(text) : null;
  return {
    poet,
    poems,
    matched,
    page,
    perPage: list.perPage,
    pages: totalPages(matched, list.perPage),
    q: list.q,
    dir: list.dir,
    view: list.view,
    canonical,
    description,
    jsonLd: personJsonLd(poet, canonical, description),
  };
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const site = siteNameFromMatches(matches);
  if (!data) {
    return [{ title: `${NOT_FOUND} | ${site}` }];
  }
  const { poet, canonical, jsonLd } = data;
  const heading = `${poet.name} - Poems & Biography`;
  const description =
    data.description ?? metaDescription(`Read ${poet.poem_count} public-domain poems by ${poet.name} on ${site}.`);
  const image = poet.primary_image_url;
  return [
    { title: `${heading} | ${site}` },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: canonical },
    { property: "og:type", content: "profile" },
    { property: "og:title", content: heading },
    { property: "og:description", content: description },
    { property: "og:url", content: canonical },
    { property: "og:site_name", content: site },
    ...(image ? [{ property: "og:image", content: image }] : []),
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: heading },
    { name: "twitter:description", content: description },
    ...(image ? [{ name: "twitter:image", content: image }] : []),
    // React Router serialises this into <script type="application/ld+json"> with < > & escaped (\u003c).
    { "script:ld+json": jsonLd },
  ];
};

function plural(n: number, one: string, many: string): string {
  return `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
}

/** A-Z / Z-A as two links, like the view toggle, so the title order works without JavaScript. */
function TitleOrderToggle({ dir }: { dir: "asc" | "desc" }) {
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  const options = [
    { value: "asc", label: "A-Z", name: "Titles A to Z" },
    { value: "desc", label: "Z-A", name: "Titles Z to A" },
  ] as const;
  return (
    <div className="view-toggle title-order" role="group" aria-label="Title order">
      {options.map((o) => (
        <Link
          key={o.value}
          to={listHref(location.pathname, search, { dir: o.value === "asc" ? null : o.value })}
          className="view-toggle__option"
          aria-current={o.value === dir ? "true" : undefined}
          title={o.name}
          preventScrollReset
          replace
        >
          {o.label}
        </Link>
      ))}
    </div>
  );
}

export default function PoetPage({ loaderData }: Route.ComponentProps) {
  const { poet, poems, matched, page, perPage, pages, q, dir, view } = loaderData;
  const years = formatLifeYears(poet.birth_date, poet.death_date);
  const first = (page - 1) * perPage + 1;
  const last = Math.min(page * perPage, matched);

  return (
    <article className="poet-page" aria-labelledby="poet-name">
      <header className="poet-page__header">
        <PoetPortrait name={poet.name} url={poet.primary_image_url} alt={`Portrait of ${poet.name}`} size="large" />
        <div className="poet-page__heading">
          <h1 id="poet-name" className="poet-page__name">
            {poet.name}
          </h1>
          {years && (
            <p className="poet-page__years" data-testid="life-years">
              {years}
            </p>
          )}
          <p className="poet-page__count">{plural(poet.poem_count, "poem", "poems")} in our collection</p>
        </div>
      </header>

      <PoetBiography poet={poet} />

      <section className="poet-poems list-page" aria-labelledby="poet-poems-heading">
        <h2 id="poet-poems-heading" className="poet-poems__heading">
          Poems
        </h2>
        <div className="list-page__toolbar">
          <ListControls searchLabel="Search poems" searchPlaceholder="Search poems..." q={q} keep={["view", "dir"]} />
          <div className="poet-poems__toggles">
            <TitleOrderToggle dir={dir} />
            <ViewToggle view={view} />
          </div>
        </div>
        <p className="list-page__count" aria-live="polite" data-testid="poem-count">
          {q
            ? `Found ${plural(matched, "poem", "poems")} out of ${poet.poem_count.toLocaleString("en-US")}`
            : `${plural(matched, "poem", "poems")} total`}
        </p>
        {poems.length === 0 ? (
          <p className="list-page__empty">No poems found{q ? " matching your search" : ""}.</p>
        ) : view === "list" ? (
          <PoemTable poems={poems} caption={`Poems by ${poet.name}`} showAuthor={false} />
        ) : (
          <PoemCards poems={poems} headingLevel={3} />
        )}
        <Pagination page={page} pages={pages} label="Poem pages" />
        {matched > 0 && (
          <p className="poet-poems__showing" data-testid="showing">
            Showing {first} to {last} of {plural(matched, "poem", "poems")}
          </p>
        )}
      </section>
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <ErrorView title={NOT_FOUND}>
      <p>
        {missing
          ? "There is no poet at this address. It may have been mistyped."
          : "This poet could not be loaded just now. Please try again shortly."}
      </p>
      <p>
        <Link to="/authors">Browse all poets</Link> or <Link to="/">return home</Link>.
      </p>
    </ErrorView>
  );
}
