import "~/styles/dev-pages.css";
import { Link } from "react-router";
import { FavoriteButton } from "~/components/favorite-button";
import { siteNameFromMatches } from "~/components/use-site-name";
import { getUser, readerFavorite } from "~/server/auth/auth.server";
import { getDb } from "~/server/db.server";
import { requireDevelopment } from "~/server/dev-only.server";
import { popularPoems } from "~/server/models/poem.server";
import type { Route } from "./+types/favorite";
import { DevPageError, devPageMeta } from "./dev-only-boundary";

/** /test/favorite: the favorite toggle on a real poem, for the visitor as they are (signed in or out). */
export async function loader({ request }: Route.LoaderArgs) {
  requireDevelopment();
  const [popular] = await popularPoems(getDb(), { limit: 1 });
  const signedIn = (await getUser(request)) !== null;
  const shown = popular ? await readerFavorite(request, popular) : null;
  return { poem: shown?.poem ?? null, signedIn, favorited: shown?.favorited ?? false };
}

export const meta: Route.MetaFunction = ({ error, matches }) =>
  devPageMeta("Favorite toggle", siteNameFromMatches(matches), error);

export default function FavoriteDemo({ loaderData }: Route.ComponentProps) {
  const { poem, signedIn, favorited } = loaderData;
  return (
    <section className="dev-page" aria-labelledby="dev-title">
      <h1 id="dev-title">Favorite toggle</h1>
      {poem ? (
        <div className="dev-page__demo">
          <p>
            <Link to={`/poems/${poem.slug}`}>{poem.title}</Link> by {poem.author}
          </p>
          <FavoriteButton poemId={poem.id} count={poem.favorite_count} favorited={favorited} />
          <p className="dev-page__facts-line">
            Favorites: <span data-testid="favorite-count">{poem.favorite_count}</span>. State:{" "}
            {favorited ? "favorited" : "not favorited"}
            {signedIn ? "" : " (signed out)"}.
          </p>
        </div>
      ) : (
        <p className="dev-page__note">The database has no poems yet: import the corpus first.</p>
      )}
      <p className="dev-page__note">
        The button is visible but disabled while signed out (spec, section 6); signed in, it toggles the
        favorite (a form post, optimistic with JavaScript).
      </p>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <DevPageError error={error} />;
}
