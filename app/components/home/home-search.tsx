import { useState } from "react";
import { DEFAULT_FILTERS, type SearchFilters } from "~/lib/search-options";
import { useHydrated } from "../header/use-hydrated";
import { SearchFiltersPanel } from "../search/search-filters-panel";
import { SearchPopup } from "../search/search-popup";
import { useSearchCombobox } from "../search/use-search-combobox";

const FIELD_ID = "home-search-field";
const OPTIONS_ID = "home-search-options";

/**
 * The home search box: a GET form to /search (works without JavaScript). With JavaScript it becomes the
 * search dropdown (grouped Poets / Titles / Contents, keyboard navigation; see useSearchCombobox) with an
 * options panel, and a toggle can fold the box away and bring it back; it starts open so the box is always
 * the first thing offered.
 */
export function HomeSearch() {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(true);
  const [showOptions, setShowOptions] = useState(false);
  const [filters, setFilters] = useState<SearchFilters>(DEFAULT_FILTERS);
  const box = useSearchCombobox({ mode: "dropdown", filters });
  return (
    <div className="home__search">
      {hydrated && (
        <button
          type="button"
          className="home__search-toggle"
          aria-expanded={open}
          aria-controls={FIELD_ID}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? "Hide search box" : "Show search box"}
        </button>
      )}
      <form
        method="get"
        action="/search"
        role="search"
        aria-label="Search the archive"
        id={FIELD_ID}
        hidden={!open}
        onSubmit={box.onSubmit}
      >
        <label htmlFor="home-search" className="home__search-label">
          Search by poet, title or a line you remember
        </label>
        <div className="home__search-row search-combobox" onBlur={box.onContainerBlur}>
          <input
            id="home-search"
            type="search"
            name="q"
            minLength={2}
            required
            autoComplete="off"
            placeholder={"e.g. Keats, Ozymandias, \u201cburning bright\u201d"}
            {...box.inputProps}
          />
          <button type="submit" className="button button--primary">
            Search
          </button>
          <SearchPopup box={box} label="Search suggestions" />
        </div>
        {hydrated && (
          <div className="home__search-options">
            <button
              type="button"
              className="home__search-options-toggle"
              aria-expanded={showOptions}
              aria-controls={OPTIONS_ID}
              onClick={() => setShowOptions((value) => !value)}
            >
              Search options
            </button>
            <SearchFiltersPanel id={OPTIONS_ID} filters={filters} onChange={setFilters} hidden={!showOptions} />
          </div>
        )}
      </form>
    </div>
  );
}
