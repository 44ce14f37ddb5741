import { useState } from "react";
import { useHydrated } from "../header/use-hydrated";

const FIELD_ID = "home-search-field";

/**
 * The home search box: a GET form to /search (works without JavaScript). With JavaScript a toggle can fold
 * it away and bring it back; it starts open so the box is always the first thing offered.
 */
export function HomeSearch() {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(true);
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
      <form method="get" action="/search" role="search" aria-label="Search the archive" id={FIELD_ID} hidden={!open}>
        <label htmlFor="home-search" className="home__search-label">
          Search by poet, title or a line you remember
        </label>
        <div className="home__search-row">
          <input
            id="home-search"
            type="search"
            name="q"
            minLength={2}
            required
            autoComplete="off"
            placeholder={"e.g. Keats, Ozymandias, \u201cburning bright\u201d"}
          />
          <button type="submit" className="button button--primary">
            Search
          </button>
        </div>
      </form>
    </div>
  );
}
