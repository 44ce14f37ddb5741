import { useFetcher, useLocation } from "react-router";
import { useUser } from "~/components/account/use-user";
import "~/styles/poem.css";
import "~/styles/account.css";

function HeartIcon() {
  return (
    <svg className="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M12 20.5s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7.6a4.3 4.3 0 0 1 7.5 2.7c0 5.6-7.5 10.2-7.5 10.2z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function Count({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className="favorite-button__count" data-testid="favorite-button-count">
      {count.toLocaleString("en-US")}
      <span className="visually-hidden"> {count === 1 ? "favorite" : "favorites"}</span>
    </span>
  );
}

/**
 * The favorite toggle (a toggle button: its name stays 'Favorite', aria-pressed says whether it is on).
 * Signed out it is shown disabled, saying why. Signed in it is a form posting to /favorites with the state
 * wanted (intent=favorite|unfavorite, so a repeated post changes nothing): without JavaScript the page comes
 * back with the new state; with it a fetcher sends it and the button and count change at once, then settle on
 * what the server answers when the page's data reloads.
 */
export function FavoriteButton({ poemId, count = 0, favorited = false }: { poemId: string; count?: number; favorited?: boolean }) {
  const user = useUser();
  const fetcher = useFetcher<{ action: string; favorite_count: number; is_favorited: boolean }>();
  const location = useLocation();
  const hintId = `favorite-hint-${poemId}`;

  if (!user) {
    return (
      <span className="favorite">
        <button type="button" className="favorite-button" disabled title="Sign in to favorite poems" aria-describedby={hintId}>
          <HeartIcon />
          Favorite
        </button>
        <span id={hintId} className="visually-hidden">
          Sign in to favorite poems.
        </span>
        <Count count={count} />
      </span>
    );
  }

  // While a change is on its way, show it; the page's reloaded data then takes over.
  const wanted = fetcher.formData?.get("intent");
  const pending = wanted === "favorite" ? true : wanted === "unfavorite" ? false : null;
  const isFavorited = pending ?? favorited;
  const shownCount = pending === null || pending === favorited ? count : Math.max(0, count + (pending ? 1 : -1));
  const intent = isFavorited ? "unfavorite" : "favorite";
  // Disabled while a change is on its way (aria-disabled rather than disabled, so the focus stays put).
  const busy = fetcher.state !== "idle";

  return (
    <span className="favorite">
      <fetcher.Form
        method="post"
        action="/favorites"
        onSubmit={(event) => {
          event.preventDefault();
          if (busy) return;
          fetcher.submit({ poemId, intent }, { method: "post", action: "/favorites" });
        }}
      >
        <input type="hidden" name="poemId" value={poemId} />
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
        <button
          type="submit"
          className="favorite-button"
          aria-pressed={isFavorited}
          aria-disabled={busy || undefined}
          title={isFavorited ? "Remove from your favorites" : "Add to your favorites"}
        >
          <HeartIcon />
          Favorite
        </button>
      </fetcher.Form>
      <Count count={shownCount} />
    </span>
  );
}
