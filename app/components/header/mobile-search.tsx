import { useId } from "react";
import { SearchIcon } from "../header-search";

/** The search bar shown under the header below 768 px, in place of the desktop box. */
export function MobileSearch() {
  const inputId = useId();
  return (
    <form method="get" action="/search" role="search" aria-label="Mobile search" className="mobile-search">
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
        className="mobile-search__input"
      />
      <button type="submit" className="mobile-search__submit">
        <SearchIcon />
        <span>Search</span>
      </button>
    </form>
  );
}
