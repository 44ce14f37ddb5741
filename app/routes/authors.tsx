import "~/styles/poets.css";
import { data, useNavigation } from "react-router";
import { z } from "zod";
import { AlphabetFilter } from "~/components/alphabet-filter";
import { ListControls } from "~/components/list/list-controls";
import { Pagination } from "~/components/list/pagination";
import { ViewToggle } from "~/components/list/view-toggle";
import { type PoetCardItem, PoetCards, PoetTable } from "~/components/poet-card";
import { siteNameFromMatches } from "~/components/use-site-name";
import { type ListConfig, parseListParams, totalPages } from "~/lib/list-params";
import { getDb } from "~/server/db.server";
import { defaultPoetOrder, listPoets, POET_SORTS, type PoetSort, poetInitials } from "~/server/models/poet.server";
import { absoluteUrl } from "~/server/site-url.server";
import type { Route } from "./+types/authors";
import { publicPageHeaders } from "~/lib/cache-headers";

const SUBTITLE = "Browse authors and their works.";

const POETS_LIST: ListConfig<PoetSort> = {
  sorts: POET_SORTS,
  defaultSort: "name",
  pageSizes: { cards: 12, list: 25 },
};

const SORT_OPTIONS = [
  { value: "name", label: "Name" },
  { value: "count", label: "Poem count" },
];

// The last name's first letter, A-Z; anything else means all poets.
const LetterParam = z
  .string()
  .regex(/^[a-z]$/i)
  .transform((l) => l.toUpperCase())
  .nullable()
  .catch(null);
// Without an explicit direction, names read A to Z and counts start with the most poems.
const DirParam = z.enum(["asc", "desc"]).optional().catch(undefined);

// Anonymous readers all get the same page: shared caches may keep it (see app/lib/cache-headers.ts).
export const headers: Route.HeadersFunction = publicPageHeaders;

export async function loader({ request }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  const list = parseListParams(search, POETS_LIST);
  const letter = LetterParam.parse(search.get("letter"));
  const dir = DirParam.parse(search.get("dir") ?? undefined) ?? defaultPoetOrder(list.sort);
  const db = getDb();
  const query = { sort: list.sort, order: dir, letter: letter ?? undefined, q: list.q || undefined };

  const view = {
    letter,
    q: list.q,
    sort: list.sort,
    dir,
    view: list.view,
    canonical: absoluteUrl(request, "/authors"),
  };
  try {
    const [firstTry, letters] = await Promise.all([
      listPoets(db, { ...query, page: list.page, perPage: list.perPage }),
      poetInitials(db),
    ]);
    // Past the last page (an old link, a hand-edited URL): show the last page instead of an empty one.
    const pages = totalPages(firstTry.total, list.perPage);
    const result = list.page <= pages ? firstTry : await listPoets(db, { ...query, page: pages, perPage: list.perPage });
    const poets: PoetCardItem[] = result.poets.map((p) => ({
      name: p.name,
      directory: p.directory,
      poem_count: p.poem_count,
      birth_date: p.birth_date,
      death_date: p.death_date,
      primary_image_url: p.primary_image_url,
    }));
    return { ...view, poets, letters, total: result.total, page: Math.min(list.page, pages), pages, failed: false };
  } catch (error) {
    // The spec logs a failed authors fetch; the page still renders, with a short notice instead of a list.
    console.error("Failed to load authors:", error instanceof Error ? error.message : error);
    return data(
      { ...view, poets: [] as PoetCardItem[], letters: [] as string[], total: 0, page: 1, pages: 1, failed: true },
      { status: 503, headers: { "Cache-Control": "no-store" } },
    );
  }
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const site = siteNameFromMatches(matches);
  const title = `Poets | ${site}`;
  const tags: Route.MetaDescriptors = [
    { title },
    { name: "description", content: `${SUBTITLE} Public-domain poets, from A to Z.` },
    { property: "og:type", content: "website" },
    { property: "og:title", content: title },
    { property: "og:site_name", content: site },
  ];
  if (data?.canonical) {
    tags.push({ tagName: "link", rel: "canonical", href: data.canonical }, { property: "og:url", content: data.canonical });
  }
  return tags;
};

function countText(total: number, filtered: boolean): string {
  const noun = total === 1 ? "author" : "authors";
  const n = total.toLocaleString("en-US");
  return filtered ? `Found ${n} ${noun} matching your search` : `${n} ${noun} total`;
}

export default function PoetsDirectory({ loaderData }: Route.ComponentProps) {
  const { poets, letters, total, page, pages, letter, q, sort, dir, view, failed } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location?.pathname === "/authors";

  return (
    <div className="list-page poets-page">
      <header className="list-page__header">
        <h1 className="list-page__title">Poets</h1>
        <p className="list-page__subtitle">{SUBTITLE}</p>
      </header>

      <AlphabetFilter letter={letter} available={failed ? undefined : letters} />

      <div className="list-page__toolbar">
        <ListControls
          searchLabel="Search authors"
          searchPlaceholder="Search authors..."
          q={q}
          sort={sort}
          dir={dir}
          sortOptions={SORT_OPTIONS}
          keep={["letter", "view"]}
        />
        <ViewToggle view={view} />
      </div>

      <div className={`poets-page__results${loading ? " is-loading" : ""}`} aria-busy={loading || undefined}>
        {failed ? (
          <p className="list-page__empty" role="alert">
            Failed to load authors. Please try again later.
          </p>
        ) : (
          <>
            <p className="list-page__count" aria-live="polite" data-testid="result-count">
              {countText(total, Boolean(q || letter))}
            </p>
            {poets.length === 0 ? (
              <p className="list-page__empty">No authors found matching your search.</p>
            ) : view === "list" ? (
              <PoetTable poets={poets} />
            ) : (
              <PoetCards poets={poets} />
            )}
          </>
        )}
      </div>

      <Pagination page={page} pages={pages} label="Poets pages" />
    </div>
  );
}
