import { data, isRouteErrorResponse, Link, redirect } from "react-router";
import { z } from "zod";
import { PoemProvenance } from "~/components/poem-provenance";
import { PoemText } from "~/components/poem-text";
import { siteNameFromMatches } from "~/components/use-site-name";
import { getDb } from "~/server/db.server";
import { isDatabaseUnavailable } from "~/server/http.server";
import { findPoem, randomPoem } from "~/server/models/poem.server";
import { excerptOf } from "~/server/serialize.server";
import { absoluteUrl } from "~/server/site-url.server";
import type { Route } from "./+types/poem";

const PoemIdParam = z.string().trim().min(1).max(200);

const notFound = () => data("Poem not found", { status: 404 });

export async function loader({ params, request }: Route.LoaderArgs) {
  const poemId = PoemIdParam.safeParse(params.poemId);
  if (!poemId.success) throw notFound();
  const db = getDb();

  // Reached only while no dedicated /poems/random page is routed (a static segment outranks :poemId):
  // send the reader to one random poem rather than redirecting to this same URL forever.
  if (poemId.data === "random") {
    const poem = await randomPoem(db);
    if (!poem) throw notFound();
    throw redirect(`/poems/${poem.slug}`, { headers: { "Cache-Control": "no-store" } });
  }

  const poem = await findPoem(db, poemId.data).catch((error: unknown) => {
    // An outage is not our bug: say so with a 503 instead of a generic 500.
    if (isDatabaseUnavailable(error)) {
      throw data("The database is unavailable; please try again shortly.", { status: 503 });
    }
    throw error;
  });
  if (!poem) throw notFound();
  return {
    poem,
    description: excerptOf(poem.content, 160),
    canonical: absoluteUrl(request, `/poems/${poem.slug}`),
  };
}

export const meta: Route.MetaFunction = ({ data, error, matches }) => {
  const site = siteNameFromMatches(matches);
  if (!data) {
    const missing = isRouteErrorResponse(error) && error.status === 404;
    return [{ title: `${missing ? "Poem not found" : "Error"} | ${site}` }];
  }
  const { poem, description, canonical } = data;
  const title = `${poem.title} by ${poem.author} | ${site}`;
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: canonical },
    { property: "og:type", content: "article" },
    { property: "og:title", content: `${poem.title} by ${poem.author}` },
    { property: "og:description", content: description },
    { property: "og:url", content: canonical },
    { property: "og:site_name", content: site },
    { property: "article:author", content: poem.author },
  ];
};

export default function PoemPage({ loaderData }: Route.ComponentProps) {
  const { poem } = loaderData;
  return (
    <article className="poem" aria-labelledby="poem-title">
      <header className="poem__header">
        <h1 id="poem-title" className="poem__title">
          {poem.title}
        </h1>
        {poem.subtitle && <p className="poem__subtitle">{poem.subtitle}</p>}
        <p className="poem__byline">
          By{" "}
          {poem.author_directory ? (
            <Link to={`/authors/${poem.author_directory}`}>{poem.author}</Link>
          ) : (
            poem.author
          )}
          {poem.year != null && <span className="poem__year"> ({poem.year})</span>}
        </p>
      </header>
      <PoemText content={poem.content} />
      <footer className="poem__footer">
        <PoemProvenance poem={poem} />
      </footer>
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <section className="error-view" aria-labelledby="error-heading">
        <h1 id="error-heading">Poem not found</h1>
        <p>There is no poem at this address. It may have been mistyped.</p>
        <p>
          <Link to="/poems">Browse all poems</Link> or <Link to="/">return home</Link>.
        </p>
      </section>
    );
  }
  const message = isRouteErrorResponse(error)
    ? (typeof error.data === "string" && error.data) || error.statusText || `HTTP error! status: ${error.status}`
    : error instanceof Error
      ? error.message
      : "Unknown error";
  return (
    <section className="error-view" aria-labelledby="error-heading">
      <h1 id="error-heading">Error: {message}</h1>
      <p>
        <Link to="/search">Return to search</Link>
      </p>
    </section>
  );
}
