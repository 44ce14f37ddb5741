import { data, Link } from "react-router";
import { siteNameFromMatches } from "~/components/use-site-name";
import { dateParts, longDate, monthLabel, monthOf, parseMonth, todayIn } from "~/lib/daily-date";
import { dailyPath } from "~/lib/daily-path";
import { timeZoneFromCookieHeader } from "~/lib/reader-time-zone";
import { getDb } from "~/server/db.server";
import { isDatabaseUnavailable } from "~/server/http.server";
import { archiveMonth, archiveMonths } from "~/server/models/daily.server";
import type { Route } from "./+types/archive";
import "~/styles/daily.css";
import { routeErrorMessage } from "~/lib/route-error";
import { ErrorView } from "~/components/error-view";

// Ends at the reader's today, so it is not shared between readers.
export const headers: Route.HeadersFunction = ({ errorHeaders }) => errorHeaders ?? { "Cache-Control": "private, no-cache" };

/**
 * /archive: every poem of the day up to today, newest first, one month per page (?month=YYYY-MM; the newest
 * month by default), with links to the other months.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const today = todayIn(timeZoneFromCookieHeader(request.headers.get("Cookie")));
  const db = getDb();
  try {
    const months = await archiveMonths(db, today);
    const asked = new URL(request.url).searchParams.get("month");
    const wanted = parseMonth(asked);
    const month = wanted && months.some((m) => m.month === wanted) ? wanted : (months[0]?.month ?? monthOf(today));
    const index = months.findIndex((m) => m.month === month);
    const entries = await archiveMonth(db, month, today);
    return {
      month,
      label: monthLabel(month),
      unknownMonth: asked !== null && asked !== month,
      newer: index > 0 ? months[index - 1]!.month : null,
      older: index >= 0 && index < months.length - 1 ? months[index + 1]!.month : null,
      months: months.map((m) => ({ ...m, label: monthLabel(m.month) })),
      days: entries.map((e) => {
        const { year, month: m, day } = dateParts(e.date);
        return { ...e, path: dailyPath(year, m, day), longDate: longDate(e.date) };
      }),
    };
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw data("The database is unavailable; please try again shortly.", { status: 503 });
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const site = siteNameFromMatches(matches);
  return [
    { title: `Archive${data ? `: ${data.label}` : ""} | ${site}` },
    { name: "description", content: "Every poem of the day so far, month by month." },
  ];
};

function MonthPager({ newer, older }: { newer: string | null; older: string | null }) {
  return (
    <nav className="archive__pager" aria-label="Archive months">
      {newer ? (
        <Link to={`/archive?month=${newer}`} rel="prev">
          ← Newer: {monthLabel(newer)}
        </Link>
      ) : (
        <span aria-hidden="true" />
      )}
      {older ? (
        <Link to={`/archive?month=${older}`} rel="next">
          Older: {monthLabel(older)} →
        </Link>
      ) : (
        <span aria-hidden="true" />
      )}
    </nav>
  );
}

export default function ArchivePage({ loaderData }: Route.ComponentProps) {
  const { label, days, months, month, newer, older, unknownMonth } = loaderData;
  return (
    <section className="archive" aria-labelledby="archive-heading">
      <header className="archive__header">
        <h1 id="archive-heading">Archive</h1>
        <p className="archive__subtitle">Every poem of the day so far, newest first.</p>
      </header>
      {unknownMonth && <p className="archive__note">No poems of the day in that month; showing {label}.</p>}
      {months.length > 0 && (
        <nav className="archive__months" aria-label="Months">
          <ul>
            {months.map((m) => (
              <li key={m.month}>
                <Link to={`/archive?month=${m.month}`} aria-current={m.month === month ? "page" : undefined}>
                  {m.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <section className="archive__month" aria-labelledby="archive-month-heading">
        <h2 id="archive-month-heading">{label}</h2>
        {days.length === 0 ? (
          <p>No poems of the day yet.</p>
        ) : (
          <ol className="archive__days">
            {days.map((d) => (
              <li key={d.date} className="archive__day">
                <Link to={d.path} className="archive__link">
                  <time dateTime={d.date} className="archive__date">
                    {d.longDate}
                  </time>
                  <span className="archive__title">{d.title}</span>
                  <span className="archive__poet">{d.author}</span>
                </Link>
              </li>
            ))}
          </ol>
        )}
      </section>
      <MonthPager newer={newer} older={older} />
    </section>
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
