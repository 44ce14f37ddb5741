import { data, isRouteErrorResponse, Link, useFetcher } from "react-router";
import { ChangePasswordForm, type PasswordChangeOutcome } from "~/components/account/change-password-form";
import { RecentReadings } from "~/components/account/recent-readings";
import { siteNameFromMatches } from "~/components/use-site-name";
import { requireUser, sessionTokenOf } from "~/server/auth/auth.server";
import { requireSameOrigin } from "~/server/auth/origin.server";
import { readForm } from "~/server/form.server";
import { changePassword } from "~/server/auth/password-change.server";
import { clientIpOf } from "~/server/load-context";
import { readingHistory } from "~/server/models/poem-view.server";
import { sessionIdOf } from "~/server/models/session.server";
import { getDb } from "~/server/db.server";
import { type FavoriteItem, listFavorites } from "~/server/models/favorite.server";
import { profileSummary } from "~/server/models/profile.server";
import type { Route } from "./+types/profile";
import "~/styles/lists.css";
import "~/styles/account.css";

/** How many favorites the profile shows; the rest are on /favorites. */
const PROFILE_FAVORITES = 12;
/** How many of the latest views 'Recent Readings' lists. */
const PROFILE_READINGS = 10;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const db = getDb();
  const [summary, { favorites }, views] = await Promise.all([
    profileSummary(db, user.id),
    listFavorites(db, user.id, { sort: "date", order: "desc", perPage: PROFILE_FAVORITES }),
    readingHistory(db, user.id, PROFILE_READINGS),
  ]);
  if (!summary) throw new Response("Failed to fetch profile data", { status: 500 });
  return { summary, favorites, views };
}

/** The profile's form posts: the password change (intent=change-password). Signed out: to /login. */
export async function action({ request, context }: Route.ActionArgs) {
  requireSameOrigin(request);
  const user = await requireUser(request);
  const token = await sessionTokenOf(request);
  const form = await readForm(request);
  if (form.get("intent") !== "change-password" || !token) {
    const passwordChange: PasswordChangeOutcome = { ok: false, errors: {}, formError: "intent must be change-password" };
    return data({ passwordChange }, { status: 400 });
  }
  const result = await changePassword(getDb(), {
    userId: user.id,
    currentSessionId: sessionIdOf(token),
    clientIp: clientIpOf(context),
    form,
  });
  if (result.ok) {
    const passwordChange: PasswordChangeOutcome = {
      ok: true,
      message: "Your password has been changed. You have been signed out everywhere else.",
    };
    return data({ passwordChange });
  }
  const passwordChange: PasswordChangeOutcome = { ok: false, errors: result.errors, formError: result.formError };
  const headers: HeadersInit = result.retryAfterSeconds ? { "Retry-After": String(result.retryAfterSeconds) } : {};
  return data({ passwordChange }, { status: result.status, headers });
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Your Profile | ${siteNameFromMatches(matches)}` },
  { name: "robots", content: "noindex" },
];

// Dates in the spec's medium format, in UTC so the server's and the browser's renderings agree.
const MEDIUM_DATE = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
const mediumDate = (iso: string) => MEDIUM_DATE.format(new Date(iso));

export default function ProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const { summary, favorites, views } = loaderData;
  const stats = [
    { label: "Member Since", value: mediumDate(summary.created_at) },
    { label: "Poems Favorited", value: summary.stats.favorite_count.toLocaleString("en-US") },
    { label: "Poems Read", value: summary.stats.view_count.toLocaleString("en-US") },
  ];
  return (
    <article className="profile" aria-labelledby="profile-title">
      <h1 id="profile-title">Your Profile</h1>
      <dl className="profile__stats">
        {stats.map((stat) => (
          <div key={stat.label} className="profile__stat">
            <dt>{stat.label}</dt>
            <dd>{stat.value}</dd>
          </div>
        ))}
      </dl>

      <section aria-labelledby="profile-favorites">
        <h2 id="profile-favorites">Your Favorite Poems</h2>
        {favorites.length === 0 ? (
          <p className="profile__empty">No favorite poems yet</p>
        ) : (
          <>
            <ul className="card-grid profile__favorites">
              {favorites.map((poem) => (
                <ProfileFavorite key={poem.id} poem={poem} />
              ))}
            </ul>
            {summary.stats.favorite_count > favorites.length && (
              <p>
                <Link to="/favorites">All your favorites</Link>
              </p>
            )}
          </>
        )}
      </section>

      <RecentReadings views={views} />

      <ChangePasswordForm outcome={actionData?.passwordChange} />
    </article>
  );
}

/**
 * One favorite with its remove button: a form post to /favorites (unfavorite). The card leaves the list only
 * once the server has answered and the page's data has reloaded, never before.
 */
function ProfileFavorite({ poem }: { poem: FavoriteItem }) {
  const fetcher = useFetcher();
  const busy = fetcher.state !== "idle";
  return (
    <li className="card profile__favorite">
      <h3 className="card__title">
        <Link to={`/poems/${poem.id}`} className="card__link">
          {poem.title}
        </Link>
      </h3>
      <p className="card__meta">
        by {poem.author}
        {poem.year != null && <span className="card__year"> ({poem.year})</span>}
      </p>
      <p className="profile__favorited">Favorited {mediumDate(poem.favorited_at)}</p>
      <fetcher.Form method="post" action="/favorites">
        <input type="hidden" name="poemId" value={poem.id} />
        <input type="hidden" name="intent" value="unfavorite" />
        <input type="hidden" name="redirectTo" value="/profile" />
        <button
          type="submit"
          className="button profile__remove"
          aria-disabled={busy || undefined}
          onClick={(event) => {
            if (busy) event.preventDefault();
          }}
        >
          Remove<span className="visually-hidden"> {poem.title} from favorites</span>
        </button>
      </fetcher.Form>
    </li>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message = isRouteErrorResponse(error)
    ? (typeof error.data === "string" && error.data) || "Failed to fetch profile data"
    : error instanceof Error && error.message
      ? error.message
      : "Failed to fetch profile data";
  return (
    <section className="profile error-view" aria-labelledby="profile-title">
      <h1 id="profile-title">Your Profile</h1>
      <p role="alert">Error: {message}</p>
    </section>
  );
}
