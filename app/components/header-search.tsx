import { useId } from "react";

/** A plain GET form so search works before (and without) any JavaScript. */
export function HeaderSearch() {
  const inputId = useId();
  return (
    <form method="get" action="/search" role="search" className="header-search">
      <label htmlFor={inputId} className="visually-hidden">
        Search poems and poets
      </label>
      <input
        id={inputId}
        type="search"
        name="q"
        placeholder="Search poems and poets"
        autoComplete="off"
        minLength={2}
        required
        className="header-search__input"
      />
      <button type="submit" className="button">
        Search
      </button>
    </form>
  );
}
