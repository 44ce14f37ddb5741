import { Link } from "react-router";

export interface RecentReading {
  id: string;
  viewed_at: string;
  poem: { id: string; title: string; author: string; year: number | null };
}

const VIEWED = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/** The profile's 'Recent Readings': title link, author, year and when it was viewed. */
export function RecentReadings({ views }: { views: RecentReading[] }) {
  return (
    <section aria-labelledby="profile-readings">
      <h2 id="profile-readings">Recent Readings</h2>
      {views.length === 0 ? (
        <p className="profile__empty">No reading history yet</p>
      ) : (
        <ol className="profile__readings" data-testid="recent-readings">
          {views.map((view) => (
            <li key={view.id} className="profile__reading">
              <Link to={`/poems/${encodeURIComponent(view.poem.id)}`}>{view.poem.title}</Link>
              <span className="profile__reading-author"> {view.poem.author}</span>
              {view.poem.year != null && <span className="profile__reading-year"> ({view.poem.year})</span>}
              <time className="profile__reading-date" dateTime={view.viewed_at}>
                {VIEWED.format(new Date(view.viewed_at))} UTC
              </time>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
