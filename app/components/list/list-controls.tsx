import "~/styles/lists.css";
import { useEffect, useRef } from "react";
import { Form, Link, useLocation, useNavigation, useSubmit } from "react-router";
import { listHref } from "~/lib/list-params";

export interface SortOption {
  value: string;
  label: string;
}

/**
 * The filter/sort bar of a list screen: a GET form, so it works without JavaScript (Apply button), and
 * with JavaScript it submits on change, with the text filter debounced 300 ms. Parameters the form does
 * not edit (the view mode, a letter filter) ride along as hidden inputs; the page always restarts at 1.
 */
export function ListControls({
  searchLabel,
  searchPlaceholder,
  q,
  sort,
  dir,
  sortOptions,
  keep = [],
  showDirection = true,
}: {
  searchLabel: string;
  searchPlaceholder: string;
  q: string;
  sort?: string;
  dir?: "asc" | "desc";
  sortOptions?: SortOption[];
  /** Names of URL parameters to carry through a submit. */
  keep?: string[];
  showDirection?: boolean;
}) {
  const location = useLocation();
  const submit = useSubmit();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const search = new URLSearchParams(location.search);
  useEffect(() => () => clearTimeout(timer.current), []);

  const submitNow = () => {
    clearTimeout(timer.current);
    if (formRef.current) submit(formRef.current, { replace: true, preventScrollReset: true });
  };
  const submitSoon = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(submitNow, 300);
  };
  const busy = navigation.state === "loading" && navigation.location?.pathname === location.pathname;

  return (
    <Form method="get" ref={formRef} className="list-controls" role="search" aria-busy={busy || undefined}>
      {keep.map((name) => {
        const value = search.get(name);
        return value ? <input key={name} type="hidden" name={name} value={value} /> : null;
      })}
      <label className="list-controls__search">
        <span className="visually-hidden">{searchLabel}</span>
        <input type="search" name="q" defaultValue={q} placeholder={searchPlaceholder} onChange={submitSoon} autoComplete="off" />
      </label>
      {sortOptions && (
        <label className="list-controls__sort">
          <span>Sort by</span>
          <select name="sort" defaultValue={sort} onChange={submitNow}>
            {sortOptions.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
      )}
      {sortOptions && showDirection && dir && (
        <>
          <input type="hidden" name="dir" value={dir} />
          <Link
            className="list-controls__dir"
            to={listHref(location.pathname, search, { dir: dir === "asc" ? "desc" : "asc" })}
            aria-label={dir === "asc" ? "Sort descending" : "Sort ascending"}
            title={dir === "asc" ? "Ascending (switch to descending)" : "Descending (switch to ascending)"}
            replace
            preventScrollReset
          >
            <span aria-hidden="true">{dir === "asc" ? "↑" : "↓"}</span>
          </Link>
        </>
      )}
      <noscript>
        <button type="submit">Apply</button>
      </noscript>
      {busy && (
        <span className="spinner" role="status">
          <span className="visually-hidden">Loading</span>
        </span>
      )}
    </Form>
  );
}
