import { useId } from "react";
import { SearchPopup } from "./search/search-popup";
import { useSearchCombobox } from "./search/use-search-combobox";

/**
 * The desktop search box: a plain GET form to /search, so it works before (and without) JavaScript. It is
 * compact until it takes focus, then widens (see app/styles/header.css). With JavaScript it shows the live
 * top-result preview (the same combobox as the home dropdown, in its "preview" mode): 'Searching...', the
 * best match (a poet with poem count, or a poem with its author) and 'See all results', or 'No results
 * found' with 'Search all poems'.
 */
export function HeaderSearch() {
  return <PreviewSearchForm block="header-search" label="Site search" />;
}

/**
 * The GET form to /search with the live top-result preview, shared by the desktop box and the mobile bar;
 * `block` names their CSS block (`header-search`, `mobile-search`). The mobile bar's button shows its word.
 */
export function PreviewSearchForm({ block, label, submitText }: { block: string; label: string; submitText?: string }) {
  const inputId = useId();
  const box = useSearchCombobox({ mode: "preview" });
  return (
    <form
      method="get"
      action="/search"
      role="search"
      aria-label={label}
      className={`${block} search-combobox`}
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
        className={`${block}__input`}
        {...box.inputProps}
      />
      <button type="submit" className={`${block}__submit`} aria-label={submitText ? undefined : "Search"}>
        <SearchIcon />
        {submitText && <span>{submitText}</span>}
      </button>
      <SearchPopup box={box} label="Top result" />
    </form>
  );
}

export function SearchIcon() {
  return (
    <svg className="icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="m15.5 15.5 5 5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
