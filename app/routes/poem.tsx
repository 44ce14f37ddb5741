import { useRef } from "react";
import { data, isRouteErrorResponse, Link, redirect } from "react-router";
import { z } from "zod";
import { FavoriteButton } from "~/components/favorite-button";
import { useRecordView } from "~/components/use-record-view";
import { ImmersiveToggle } from "~/components/immersive-toggle";
import { PoemBody } from "~/components/poem-body";
import { PoemProvenance } from "~/components/poem-provenance";
import { ShareMenu } from "~/components/share-menu";
import { usePinchZoom } from "~/components/use-pinch-zoom";
import { siteNameFromMatches, useSiteName } from "~/components/use-site-name";
import { jsonLdHtml, poemJsonLd, poemMetaTags } from "~/lib/poem-meta";
import { readerFavorite } from "~/server/auth/auth.server";
import { getDb } from "~/server/db.server";
import { isDatabaseUnavailable } from "~/server/http.server";
import { findPoem } from "~/server/models/poem.server";
import { absoluteUrl } from "~/server/site-url.server";
import { declareShown } from "~/server/response-dependencies.server";
import type { Route } from "./+types/poem";
import "~/styles/poem.css";
import { publicPageHeaders } from "~/lib/cache-headers";
import { ErrorView } from "~/components/error-view";
import { httpErrorMessage } from "~/lib/route-error";

const PoemIdParam = z
  .string()
  .trim()
  .transform((value) => value.replace(/\/+$/, ""))
  .pipe(z.string().min(1).max(200));

const notFound = () => data("Poem not found", { status: 404 });

// Anonymous readers all get the same page: shared caches may keep it (see app/lib/cache-headers.ts).
export const headers: Route.HeadersFunction = publicPageHeaders;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const poemId = PoemIdParam.safeParse(params.poemId);
  if (!poemId.success) throw notFound();
  // The spec's old address for a random poem: /poems/random has its own page now (a static segment wins
  // over :poemId), so this only catches spellings that slip past it.
  if (poemId.data === "random") throw redirect("/poems/random");

  const poem = await findPoem(getDb(), poemId.data).catch((error: unknown) => {
    // An outage is not our bug: say so with a 503 instead of a generic 500.
    if (isDatabaseUnavailable(error)) {
      throw data("The database is unavailable; please try again shortly.", { status: 503 });
    }
    throw error;
  });
  if (!poem) throw notFound();
  // Of favorites, the page shows this poem's count and whether the reader favorites it; of the reader, only
  // what the root loader reads (the session's user): the response cache may keep it per session.
  declareShown(context, [poem.id], { personal: true });
  const { poem: shown, favorited } = await readerFavorite(request, poem, getDb(), context);
  return {
    poem: shown,
    favorited,
    canonical: absoluteUrl(request, `/poems/${poem.slug}`),
    authorUrl: poem.author_directory ? absoluteUrl(request, `/authors/${poem.author_directory}`) : null,
  };
}

export const meta: Route.MetaFunction = ({ data, error, matches }) => {
  const siteName = siteNameFromMatches(matches);
  if (!data) {
    const missing = isRouteErrorResponse(error) && error.status === 404;
    return [{ title: `${missing ? "Poem not found" : "Error"} | ${siteName}` }];
  }
  return poemMetaTags(data.poem, { canonical: data.canonical, siteName });
};

export default function PoemPage({ loaderData }: Route.ComponentProps) {
  const { poem, canonical, authorUrl, favorited } = loaderData;
  const siteName = useSiteName();
  const textRef = useRef<HTMLDivElement>(null);
  usePinchZoom(textRef, poem.id);
  useRecordView(poem.id, "poem-page");
  const jsonLd = jsonLdHtml(poemJsonLd(poem, { canonical, author: authorUrl }, siteName));

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
        <div className="poem__actions">
          <FavoriteButton poemId={poem.id} count={poem.favorite_count} favorited={favorited} />
          <ShareMenu poem={poem} url={canonical} siteName={siteName} />
          <ImmersiveToggle />
        </div>
      </header>
      <PoemBody key={poem.id} ref={textRef} content={poem.content} className="poem__body" />
      <footer className="poem__footer">
        <PoemProvenance poem={poem} />
      </footer>
      <script
        type="application/ld+json"
        dangerouslySetInnerHTML={{ __html: jsonLd }} // lint-allow: dangerouslySetInnerHTML — JSON-LD built here, <, > and & escaped by jsonLdHtml
      />
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <ErrorView title="Poem not found">
        <p>There is no poem at this address. It may have been mistyped.</p>
        <p>
          <Link to="/poems">Browse all poems</Link> or <Link to="/search">return to search</Link>.
        </p>
      </ErrorView>
    );
  }
  const message = httpErrorMessage(error, "Unknown error");
  return (
    <ErrorView title={`Error: ${message}`}>
      <p>
        <Link to="/search">Return to search</Link>
      </p>
    </ErrorView>
  );
}
