import { useEffect, useRef, useState } from "react";
import { data, isRouteErrorResponse, Link } from "react-router";
import { PoemBody } from "~/components/poem-body";
import { useRecordView } from "~/components/use-record-view";
import { siteNameFromMatches } from "~/components/use-site-name";
import { hasMoreLines } from "~/lib/poem-lines";
import { getDb } from "~/server/db.server";
import { isDatabaseUnavailable } from "~/server/http.server";
import { randomPoem } from "~/server/models/poem.server";
import type { Route } from "./+types/poems.random";
import "~/styles/poem.css";
import "~/styles/random.css";

/** Spec section 9: the preview shows 8 lines; a new poem appears 250 ms after it arrives. */
const PREVIEW_LINES = 8;
const REVEAL_DELAY_MS = 250;
const LEAVE_MS = 200;

interface RandomPoem {
  id: string;
  title: string;
  author: string;
  author_directory: string | null;
  year: number | null;
  content: string;
}

const NO_STORE = { "Cache-Control": "no-store" };

function preview(poem: RandomPoem): RandomPoem {
  // Only the preview travels to the browser; long poems stay on the server.
  const { id, title, author, author_directory, year, content } = poem;
  return { id, title, author, author_directory, year, content: content.slice(0, 4000) };
}

export async function loader() {
  const poem = await randomPoem(getDb()).catch((error: unknown) => {
    if (isDatabaseUnavailable(error)) {
      throw data("The database is unavailable; please try again shortly.", { status: 503, headers: NO_STORE });
    }
    throw error;
  });
  if (!poem) throw data("There are no poems yet", { status: 404, headers: NO_STORE });
  // A different poem on every visit: no cache may keep one.
  return data({ poem: preview(poem) }, { headers: NO_STORE });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteNameFromMatches(matches);
  return [
    { title: `Random Poem | ${site}` },
    { name: "description", content: "A poem picked at random from the collection. Roll again for another." },
  ];
};

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function fetchRandomPoem(): Promise<RandomPoem> {
  const response = await fetch("/api/poems/random", { cache: "no-store", headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(`HTTP error! status: ${response.status}`);
  const body = (await response.json().catch(() => null)) as Partial<RandomPoem> | null;
  if (!body || typeof body.id !== "string" || typeof body.content !== "string") throw new Error("Invalid response format");
  return preview(body as RandomPoem);
}

function DiceIcon({ spinning }: { spinning: boolean }) {
  return (
    <svg className={spinning ? "icon random__dice is-spinning" : "icon random__dice"} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <rect x="3.5" y="3.5" width="17" height="17" rx="3.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <g fill="currentColor">
        <circle cx="8.5" cy="8.5" r="1.4" />
        <circle cx="15.5" cy="8.5" r="1.4" />
        <circle cx="12" cy="12" r="1.4" />
        <circle cx="8.5" cy="15.5" r="1.4" />
        <circle cx="15.5" cy="15.5" r="1.4" />
      </g>
    </svg>
  );
}

/**
 * A random poem: the first 8 lines fading out, 'Read Full Poem' and 'Roll Again'. Without JavaScript, Roll
 * Again is a link back to this page (which never caches); with it, the next poem is fetched in place, the
 * button disabled and its die spinning meanwhile, and the card slides out and in. A failed fetch keeps
 * the poem on screen and is only logged (spec section 8).
 */
export default function RandomPoemPage({ loaderData }: Route.ComponentProps) {
  const [poem, setPoem] = useState<RandomPoem>(loaderData.poem);
  const [rolling, setRolling] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [mounted, setMounted] = useState(false);
  const alive = useRef(true);
  useRecordView(poem.id, "random");

  useEffect(() => {
    setMounted(true);
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  // A navigation to this page again (the no-JS link, or the header) brings a new loader poem.
  useEffect(() => setPoem(loaderData.poem), [loaderData.poem]);

  const roll = async () => {
    if (rolling) return;
    setRolling(true);
    try {
      let next = await fetchRandomPoem();
      if (next.id === poem.id) next = await fetchRandomPoem();
      await wait(REVEAL_DELAY_MS);
      if (!alive.current) return;
      setLeaving(true);
      await wait(LEAVE_MS);
      if (!alive.current) return;
      setPoem(next);
      setLeaving(false);
    } catch (error) {
      console.error("Failed to fetch random poem", error);
    } finally {
      if (alive.current) {
        setRolling(false);
        setLeaving(false);
      }
    }
  };

  const more = hasMoreLines(poem.content, PREVIEW_LINES);
  return (
    <section className="random" aria-labelledby="random-heading">
      <h1 id="random-heading" className="visually-hidden">
        Random poem
      </h1>
      <article
        key={poem.id}
        className={leaving ? "random__card is-leaving" : "random__card"}
        aria-labelledby="random-title"
        aria-busy={rolling || undefined}
        data-poem-id={poem.id}
      >
        <h2 id="random-title" className="random__title">
          {poem.title}
        </h2>
        <p className="random__byline">
          By{" "}
          {poem.author_directory ? <Link to={`/authors/${poem.author_directory}`}>{poem.author}</Link> : poem.author}
          {poem.year != null && <span className="random__year"> ({poem.year})</span>}
        </p>
        <div className={more ? "random__preview is-cut" : "random__preview"}>
          <PoemBody content={poem.content} maxLines={PREVIEW_LINES} anchors={false} />
        </div>
      </article>
      <div className="random__actions">
        <Link className="button button--primary" to={`/poems/${encodeURIComponent(poem.id)}`}>
          Read Full Poem
        </Link>
        {mounted ? (
          <button type="button" className="button random__roll" onClick={roll} disabled={rolling}>
            <DiceIcon spinning={rolling} />
            Roll Again
          </button>
        ) : (
          // Before JavaScript runs (or without it): a plain link to a fresh page; `r` keeps caches out of it.
          <a className="button random__roll" href={`/poems/random?r=${encodeURIComponent(poem.id)}`}>
            <DiceIcon spinning={false} />
            Roll Again
          </a>
        )}
      </div>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message = isRouteErrorResponse(error) && typeof error.data === "string" ? error.data : "Failed to fetch random poem";
  return (
    <section className="error-view" aria-labelledby="random-error">
      <h1 id="random-error">Random poem</h1>
      <p>{message}</p>
      <p>
        <a href="/poems/random">Try again</a> or <Link to="/poems">browse all poems</Link>.
      </p>
    </section>
  );
}
