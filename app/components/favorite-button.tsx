import "~/styles/poem.css";

/**
 * The favorite toggle. Accounts come later, so for now it is shown disabled, saying why; the count of
 * readers who favorited the poem is shown beside it once there is one.
 */
export function FavoriteButton({ poemId, count = 0 }: { poemId: string; count?: number }) {
  const hintId = `favorite-hint-${poemId}`;
  return (
    <span className="favorite">
      <button
        type="button"
        className="favorite-button"
        disabled
        title="Sign in to favorite poems"
        aria-describedby={hintId}
      >
        <svg className="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            d="M12 20.5s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7.6a4.3 4.3 0 0 1 7.5 2.7c0 5.6-7.5 10.2-7.5 10.2z"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
        </svg>
        Favorite
      </button>
      <span id={hintId} className="visually-hidden">
        Sign in to favorite poems.
      </span>
      {count > 0 && (
        <span className="favorite-button__count">
          {count.toLocaleString("en-US")}
          <span className="visually-hidden"> {count === 1 ? "favorite" : "favorites"}</span>
        </span>
      )}
    </span>
  );
}
