import { data, Link, redirect } from "react-router";
import { z } from "zod";
import { ListControls } from "~/components/list/list-controls";
import { Pagination } from "~/components/list/pagination";
import { ViewToggle } from "~/components/list/view-toggle";
import { PoemCards, PoemTable } from "~/components/poem-card";
import { siteNameFromMatches } from "~/components/use-site-name";
import { type ListConfig, listHref, parseListParams, totalPages } from "~/lib/list-params";
import { safeRedirectPath } from "~/lib/redirect-path";
import { getUser, loginHref, requireUser } from "~/server/auth/auth.server";
import { requireSameOrigin } from "~/server/auth/origin.server";
import { readForm } from "~/server/form.server";
import { getDb } from "~/server/db.server";
import { type FavoriteSort, listFavorites, resolvePoemId, setFavorite } from "~/server/models/favorite.server";
import type { Route } from "./+types/favorites";
import "~/styles/lists.css";
import "~/styles/account.css";

/** Spec section 9: favorites 12 (cards) and 25 (list); sorts of section 2, newest favorite first by default. */
const FAVORITES_LIST: ListConfig<FavoriteSort> = {
  sorts: ["date", "title", "author", "year"],
  defaultSort: "date",
  pageSizes: { cards: 12, list: 25 },
};

const SORT_OPTIONS = [
  { value: "date", label: "Date Added" },
  { value: "title", label: "Title" },
  { value: "author", label: "Author" },
  { value: "year", label: "Year" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const params = parseListParams(url.searchParams, FAVORITES_LIST);
  // Date Added reads newest first unless the reader asks otherwise; the other sorts read A to Z.
  const dir = url.searchParams.get("dir") ? params.dir : params.sort === "date" ? "desc" : "asc";
  const { favorites, total, all } = await listFavorites(getDb(), user.id, {
    q: params.q,
    sort: params.sort,
    order: dir,
    page: params.page,
    perPage: params.perPage,
  });
  const pages = totalPages(total, params.perPage);
  if (params.page > pages && total > 0) throw redirect(listHref(url.pathname, url.searchParams, { page: pages }));
  return { ...params, dir, favorites, total, all, pages };
}

const FavoriteForm = z.object({
  poemId: z.string().trim().min(1).max(200),
  intent: z.enum(["favorite", "unfavorite"]),
});

/**
 * POST /favorites: sets one favorite (intent=favorite|unfavorite, poemId). The favorite buttons post here:
 * a plain form names `redirectTo` and is sent back to its page (303); the script path gets
 * `{action, favorite_count, is_favorited}`.
 */
export async function action({ request }: Route.ActionArgs) {
  requireSameOrigin(request);
  const form = await readForm(request);
  const redirectTo = safeRedirectPath(form.get("redirectTo"));
  const user = await getUser(request);
  if (!user) {
    if (redirectTo) throw redirect(loginHref(redirectTo), { status: 303 });
    return data({ error: "Sign in required" }, { status: 401 });
  }
  const parsed = FavoriteForm.safeParse({ poemId: form.get("poemId"), intent: form.get("intent") });
  if (!parsed.success) return data({ error: "poemId and intent (favorite or unfavorite) are required" }, { status: 400 });
  const db = getDb();
  const poemId = await resolvePoemId(db, parsed.data.poemId);
  const change = poemId ? await setFavorite(db, user.id, poemId, parsed.data.intent === "favorite") : undefined;
  if (!change) return data({ error: "Poem not found" }, { status: 404 });
  if (redirectTo) throw redirect(redirectTo, { status: 303 });
  return data(change);
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Your Favorite Poems | ${siteNameFromMatches(matches)}` },
  { name: "robots", content: "noindex" },
];

function countText(total: number, all: number, searching: boolean): string {
  const poems = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "poem" : "poems"}`;
  return searching ? `Found ${poems(total)} out of ${all.toLocaleString("en-US")}` : `${poems(all)} favorited`;
}

export default function FavoritesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { favorites, total, all, page, pages, view, sort, dir, q } = loaderData;
  // A plain form post the action refused (no script to show it beside the button): say why at the top.
  const refused = actionData && "error" in actionData ? actionData.error : undefined;
  return (
    <section className="list-page favorites-page" aria-labelledby="favorites-heading">
      <header className="list-page__header">
        <h1 id="favorites-heading" className="list-page__title">
          Your Favorite Poems
        </h1>
      </header>
      {refused && (
        <p className="list-page__alert" role="alert">
          {refused}
        </p>
      )}
      {all === 0 ? (
        <p className="list-page__empty">
          You haven't favorited any poems yet. <Link to="/poems">Browse poems</Link>
        </p>
      ) : (
        <>
          <div className="list-page__toolbar">
            <ListControls
              searchLabel="Search favorites by title or author"
              searchPlaceholder="Search favorites..."
              q={q}
              sort={sort}
              dir={dir}
              sortOptions={SORT_OPTIONS}
              keep={["view"]}
            />
            <ViewToggle view={view} />
          </div>
          <p className="list-page__count" role="status">
            {countText(total, all, q !== "")}
          </p>
          {favorites.length === 0 ? (
            <p className="list-page__empty">No poems found matching your search.</p>
          ) : view === "list" ? (
            <PoemTable poems={favorites} caption="Your favorite poems" />
          ) : (
            <PoemCards poems={favorites} />
          )}
          <Pagination page={page} pages={pages} label="Favorites pages" simple />
        </>
      )}
    </section>
  );
}
