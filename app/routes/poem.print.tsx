import { Suspense, useEffect } from "react";
import { Await, data, isRouteErrorResponse, Link, useAsyncError } from "react-router";
import { z } from "zod";
import { PoemBody } from "~/components/poem-body";
import { siteNameFromMatches, useSiteName } from "~/components/use-site-name";
import { getDb } from "~/server/db.server";
import { isDatabaseUnavailable } from "~/server/http.server";
import { findPoem } from "~/server/models/poem.server";
import type { Route } from "./+types/poem.print";
import "~/styles/poem.css";
import "~/styles/print.css";
import { publicPageHeaders } from "~/lib/cache-headers";

/** How long the page shows before the print dialog opens (spec section 9). */
const PRINT_DELAY_MS = 250;

interface PrintPoem {
  id: string;
  slug: string;
  title: string;
  subtitle: string | null;
  author: string;
  year: number | null;
  content: string;
}

const PoemIdParam = z.string().trim().min(1).max(200);

// Anonymous readers all get the same page: shared caches may keep it (see app/lib/cache-headers.ts).
export const headers: Route.HeadersFunction = publicPageHeaders;

export async function loader({ params }: Route.LoaderArgs): Promise<{ poem: PrintPoem }> {
  const poemId = PoemIdParam.safeParse(params.poemId);
  if (!poemId.success) throw data("Poem not found", { status: 404 });
  const poem = await findPoem(getDb(), poemId.data).catch((error: unknown) => {
    if (isDatabaseUnavailable(error)) throw data("The database is unavailable; please try again shortly.", { status: 503 });
    throw error;
  });
  if (!poem) throw data("Poem not found", { status: 404 });
  const { id, slug, title, subtitle, author, year, content } = poem;
  return { poem: { id, slug, title, subtitle, author, year, content } };
}

/**
 * On a client-side navigation the page appears at once with 'Preparing print…' and fills in when the poem
 * arrives; a first visit is rendered whole on the server (this does not run on hydration).
 */
export function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return { poem: serverLoader().then((result) => result.poem) };
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const poem = data?.poem;
  if (poem && !(poem instanceof Promise)) return [{ title: `${poem.title} — ${poem.author}` }, { name: "robots", content: "noindex" }];
  return [{ title: `Print | ${siteNameFromMatches(matches)}` }, { name: "robots", content: "noindex" }];
};

function failureMessage(error: unknown): string {
  if (isRouteErrorResponse(error)) return (typeof error.data === "string" && error.data) || "Failed to load poem";
  if (error instanceof Error && error.message) return error.message;
  return "Failed to load poem";
}

function PrintFailure({ error }: { error?: unknown }) {
  const asyncError = useAsyncError();
  return (
    <section className="error-view" aria-labelledby="print-error">
      <h1 id="print-error">{failureMessage(error ?? asyncError)}</h1>
      <p>
        <Link to="/poems">Browse all poems</Link>
      </p>
    </section>
  );
}

function PrintedPoem({ poem }: { poem: PrintPoem }) {
  const siteName = useSiteName();

  useEffect(() => {
    const previous = document.title;
    const title = `${poem.title} — ${poem.author}`;
    document.title = title;
    const timer = setTimeout(() => window.print(), PRINT_DELAY_MS);
    return () => {
      clearTimeout(timer);
      // Restore only if nothing else has set a title since (the next page's own title wins).
      if (document.title === title) document.title = previous;
    };
  }, [poem.title, poem.author]);

  return (
    <article className="print-page" aria-labelledby="print-title">
      <p className="print-page__back">
        <Link to={`/poems/${encodeURIComponent(poem.id)}`}>Back to the poem</Link>
        {" · "}
        <button type="button" className="print-page__again" onClick={() => window.print()}>
          Print
        </button>
      </p>
      <header className="print-page__header">
        <h1 id="print-title" className="print-page__title">
          {poem.title}
        </h1>
        {poem.subtitle && <p className="print-page__subtitle">{poem.subtitle}</p>}
        <p className="print-page__byline">By {poem.author}</p>
        {poem.year != null && <p className="print-page__year">{poem.year}</p>}
      </header>
      <PoemBody content={poem.content} anchors={false} className="print-page__body" />
      <footer className="print-page__footer">{siteName}</footer>
    </article>
  );
}

export default function PrintPage({ loaderData }: Route.ComponentProps) {
  const poem = loaderData.poem as PrintPoem | Promise<PrintPoem>;
  return (
    <Suspense
      fallback={
        <p className="print-page__preparing" role="status">
          Preparing print…
        </p>
      }
    >
      <Await resolve={poem} errorElement={<PrintFailure />}>
        {(resolved) => <PrintedPoem poem={resolved} />}
      </Await>
    </Suspense>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PrintFailure error={error} />;
}
