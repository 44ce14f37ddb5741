import { data } from "react-router";
import { z } from "zod";
import { ViewToggle } from "~/components/list/view-toggle";
import { PoemCards, PoemTable } from "~/components/poem-card";
import { siteNameFromMatches } from "~/components/use-site-name";
import { getDb } from "~/server/db.server";
import { isDatabaseUnavailable } from "~/server/http.server";
import { popularPoems } from "~/server/models/poem.server";
import { absoluteUrl } from "~/server/site-url.server";
import type { Route } from "./+types/popular";
import "~/styles/lists.css";
import { publicPageHeaders } from "~/lib/cache-headers";
import { routeErrorMessage } from "~/lib/route-error";

/** How many poems the page ranks. */
const POPULAR_LIMIT = 48;

const View = z.enum(["cards", "list"]).catch("cards");

// Anonymous readers all get the same page: shared caches may keep it (see app/lib/cache-headers.ts).
export const headers: Route.HeadersFunction = publicPageHeaders;

export async function loader({ request }: Route.LoaderArgs) {
  const view = View.parse(new URL(request.url).searchParams.get("view") ?? undefined);
  try {
    const poems = await popularPoems(getDb(), { limit: POPULAR_LIMIT });
    return { poems, view, canonical: absoluteUrl(request, "/popular") };
  } catch (error) {
    console.error("Failed to load popular poems:", error);
    const message = isDatabaseUnavailable(error) ? "The database is unavailable; please try again shortly." : "Failed to load popular poems";
    throw data(message, { status: isDatabaseUnavailable(error) ? 503 : 500 });
  }
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const site = siteNameFromMatches(matches);
  const description = "The poems readers love most: ordered by favorites, then by reads.";
  return [
    { title: `Popular Poems | ${site}` },
    { name: "description", content: description },
    { property: "og:title", content: `Popular Poems | ${site}` },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
    ...(data ? [{ tagName: "link", rel: "canonical", href: data.canonical }] : []),
  ];
};

function PageHeader() {
  return (
    <header className="list-page__header">
      <h1 id="popular-heading" className="list-page__title">
        Popular Poems
      </h1>
      <p className="list-page__subtitle">The poems readers love most: ordered by favorites, then by reads.</p>
    </header>
  );
}

export default function PopularPage({ loaderData }: Route.ComponentProps) {
  const { poems, view } = loaderData;
  return (
    <section className="list-page popular-page" aria-labelledby="popular-heading">
      <PageHeader />
      <div className="list-page__toolbar">
        <p className="list-page__count">
          {poems.length === 0 ? "No poems yet." : `The ${poems.length.toLocaleString("en-US")} most popular poems`}
        </p>
        <ViewToggle view={view} />
      </div>
      {poems.length > 0 &&
        (view === "list" ? <PoemTable poems={poems} numbered caption="Popular poems" /> : <PoemCards poems={poems} numbered />)}
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message = routeErrorMessage(error, "Failed to load popular poems");
  return (
    <section className="list-page popular-page" aria-labelledby="popular-heading">
      <PageHeader />
      <p className="error-view" role="alert">
        Error loading popular poems: {message}
      </p>
    </section>
  );
}
