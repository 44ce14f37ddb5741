import { useEffect } from "react";
import { data, Link, redirect } from "react-router";
import { DailyAudio } from "~/components/daily-audio";
import { FavoriteButton } from "~/components/favorite-button";
import { useRecordView } from "~/components/use-record-view";
import { PoemBody } from "~/components/poem-body";
import { siteNameFromMatches } from "~/components/use-site-name";
import { addDays, dateFromSegments, dateParts, type IsoDate, latestTodayOnEarth, longDate, todayIn } from "~/lib/daily-date";
import { dailyPath } from "~/lib/daily-path";
import { TIME_ZONE_COOKIE, timeZoneCookie, timeZoneFromCookieHeader } from "~/lib/reader-time-zone";
import { stripFrontMatter } from "~/lib/poem-text";
import { readerFavorite } from "~/server/auth/auth.server";
import { dailyAudioUrl } from "~/server/daily-audio.server";
import { getDb } from "~/server/db.server";
import { isDatabaseUnavailable } from "~/server/http.server";
import { findDailyPoem, hasDailyPoem } from "~/server/models/daily.server";
import type { Route } from "./+types/daily";
import "~/styles/poem.css";
import "~/styles/daily.css";
import { routeErrorMessage } from "~/lib/route-error";
import { ErrorView } from "~/components/error-view";

// What "today" is depends on the reader (their time zone) and on the hour: never shared between readers.
const PRIVATE = { "Cache-Control": "private, no-cache" };
export const headers: Route.HeadersFunction = ({ errorHeaders }) => errorHeaders ?? PRIVATE;

function pathOf(date: IsoDate): string {
  const { year, month, day } = dateParts(date);
  return dailyPath(year, month, day);
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const timeZone = timeZoneFromCookieHeader(request.headers.get("Cookie"));
  const today = todayIn(timeZone);
  const date = dateFromSegments(params.year, params.month, params.day);
  // A date that does not exist has no poem; a future one sends the reader to today. Without the reader's
  // time zone, a date that is already today somewhere (the home page's Daily link uses the browser's date)
  // is not treated as the future.
  const latest = timeZone ? today : latestTodayOnEarth();
  if (date && date > latest) throw redirect(pathOf(today), { headers: PRIVATE });

  const db = getDb();
  const dayInfo = date
    ? {
        date,
        longDate: longDate(date),
        previousPath: pathOf(addDays(date, -1)),
        nextPath: pathOf(addDays(date, 1)),
        // Next stops at the reader's today.
        nextDisabled: date >= today,
      }
    : null;
  try {
    const [poem, previousExists] = date
      ? await Promise.all([findDailyPoem(db, date), hasDailyPoem(db, addDays(date, -1))])
      : [null, false];
    const day = dayInfo ? { ...dayInfo, previousDisabled: !previousExists } : null;
    if (!poem) return data({ state: "none" as const, day, poem: null, favorited: false }, { status: 404, headers: PRIVATE });
    const content = stripFrontMatter(poem.content ?? "");
    if (!poem.title || content.trim() === "") {
      return data({ state: "invalid" as const, day, poem: null, favorited: false }, { status: 404, headers: PRIVATE });
    }
    const { poem: counted, favorited } = await readerFavorite(request, poem, db, context);
    return {
      state: "poem" as const,
      day,
      poem: {
        id: poem.id,
        slug: poem.slug,
        title: poem.title,
        author: poem.author,
        author_directory: poem.author_directory,
        year: poem.year,
        favorite_count: counted.favorite_count,
        content,
      },
      audio: dailyAudioUrl(date!),
      favorited,
    };
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw data("The database is unavailable; please try again shortly.", { status: 503 });
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const site = siteNameFromMatches(matches);
  if (!data?.day) return [{ title: `Poem of the Day | ${site}` }];
  if (data.state !== "poem" || !data.poem) return [{ title: `Poem of the Day, ${data.day.longDate} | ${site}` }];
  return [
    { title: `${data.poem.title} by ${data.poem.author} · Poem of the Day, ${data.day.longDate} | ${site}` },
    { name: "description", content: `The poem of the day for ${data.day.longDate}: ${data.poem.title} by ${data.poem.author}.` },
  ];
};

/** Remembers the browser's time zone so the server's "today" is the reader's (see reader-time-zone.ts). */
function useRememberTimeZone() {
  useEffect(() => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!zone) return;
    const current = document.cookie.split("; ").find((c) => c.startsWith(`${TIME_ZONE_COOKIE}=`));
    if (current !== timeZoneCookie(zone).split(";")[0]) {
      document.cookie = timeZoneCookie(zone, window.location.protocol === "https:");
    }
  }, []);
}

function DayNav({ day }: { day: NonNullable<Route.ComponentProps["loaderData"]["day"]> }) {
  return (
    <nav className="daily__nav" aria-label="Other days">
      {day.previousDisabled ? (
        <span className="daily__nav-link daily__nav-link--disabled" aria-disabled="true">
          ← Previous
        </span>
      ) : (
        <Link className="daily__nav-link" to={day.previousPath} rel="prev">
          ← Previous
        </Link>
      )}
      <Link className="daily__nav-link daily__nav-link--archive" to="/archive">
        Archive
      </Link>
      {day.nextDisabled ? (
        <span className="daily__nav-link daily__nav-link--disabled" aria-disabled="true">
          Next →
        </span>
      ) : (
        <Link className="daily__nav-link" to={day.nextPath} rel="next">
          Next →
        </Link>
      )}
    </nav>
  );
}

function NoPoem({ invalid }: { invalid: boolean }) {
  return (
    <div className="daily__empty">
      {invalid && (
        <p className="daily__error" role="alert">
          Invalid poem data received
        </p>
      )}
      <h2 className="daily__empty-title">No poem scheduled for this date</h2>
      <p>
        <Link to="/" className="button button--primary">
          Return home
        </Link>
      </p>
    </div>
  );
}

export default function DailyPage({ loaderData }: Route.ComponentProps) {
  const { day, poem, favorited, state } = loaderData;
  const audio = "audio" in loaderData ? loaderData.audio : null;
  useRememberTimeZone();
  useRecordView(state === "poem" ? poem?.id : null, "daily");
  return (
    <article className="daily poem" aria-labelledby="daily-heading">
      <header className="daily__header">
        <p className="daily__kicker">Poem of the Day</p>
        {day ? (
          <h1 id="daily-heading" className="daily__date">
            <time dateTime={day.date}>{day.longDate}</time>
          </h1>
        ) : (
          <h1 id="daily-heading" className="daily__date">
            Poem of the Day
          </h1>
        )}
        {day && <DayNav day={day} />}
      </header>
      {state === "poem" && poem ? (
        <>
          <header className="poem__header">
            <h2 className="poem__title daily__title">{poem.title}</h2>
            <p className="poem__byline">
              By{" "}
              {poem.author_directory ? <Link to={`/authors/${poem.author_directory}`}>{poem.author}</Link> : poem.author}
              {poem.year != null && <span className="poem__year"> ({poem.year})</span>}
            </p>
            <div className="poem__actions">
              <FavoriteButton poemId={poem.id} count={poem.favorite_count} favorited={favorited} />
              <DailyAudio src={audio} />
              <Link className="daily__permalink" to={`/poems/${poem.slug}`}>
                Poem page
              </Link>
            </div>
          </header>
          <PoemBody key={poem.id} content={poem.content} className="poem__body" />
        </>
      ) : (
        <NoPoem invalid={state === "invalid"} />
      )}
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message = routeErrorMessage(error, "Something went wrong");
  return (
    <ErrorView title={`Error: ${message}`}>
      <p>
        <Link to="/">Return home</Link>
      </p>
    </ErrorView>
  );
}
