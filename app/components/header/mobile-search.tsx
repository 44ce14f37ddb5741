import { useId } from "react";
import { SearchIcon } from "../header-search";
import { SearchPopup } from "../search/search-popup";
import { useSearchCombobox } from "../search/use-search-combobox";

/**
 * The search bar shown under the header below 768 px, in place of the desktop box: a GET form to /search,
 * with the same live top-result preview as the desktop box once JavaScript runs.
 */
export function MobileSearch() {
  const inputId = useId();
  const box = useSearchCombobox({ mode: "preview" });
  return (
    <form
      method="get"
      action="/search"
      role="search"
      aria-label="Mobile search"
      className="mobile-search search-combobox"
      onSubmit={box.onSubmit}
      onBlur={box.onContainerBlur}
    >
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
        {...box.inputProps}
      />
      <button type="submit" className="mobile-search__submit">
        <SearchIcon />
        <span>Search</span>
      </button>
      <SearchPopup box={box} label="Top result" />
    </form>
  );
}
