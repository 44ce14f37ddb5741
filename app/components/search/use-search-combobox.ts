import {
  type ChangeEvent,
  type FocusEvent,
  type FormEvent,
  type KeyboardEvent,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useNavigate } from "react-router";
import { bestMatch, type Suggestion, suggestionsOf } from "~/lib/search-client";
import {
  DEFAULT_FILTERS,
  isSearchable,
  normaliseQuery,
  type SearchFilters,
  searchApiHref,
  searchPageHref,
  SUGGESTION_PER_PAGE,
} from "~/lib/search-options";
import { type SuggestionState, useSearchSuggestions } from "./use-search-suggestions";

/**
 * The behaviour shared by the home dropdown and the header preview (the ARIA combobox pattern with a
 * listbox popup): the text, the lookups (useSearchSuggestions), which option is highlighted, and the keys —
 * Down/Up move the highlight (wrapping), Enter opens the highlighted option or, with none, the /search page,
 * Escape closes the popup. Focus stays in the text box; the highlighted option is its active descendant.
 *
 * - "dropdown" (home): every hit grouped as Poets, Titles, Contents, then 'Show all results'.
 * - "preview" (header): the single best match and 'See all results', or 'No results found' with 'Search all
 *   poems'; a failed lookup shows no preview at all.
 */

export type ComboboxMode = "dropdown" | "preview";

export type SearchOption =
  | (Suggestion & { id: string })
  | { kind: "all"; key: string; id: string; href: string; label: string };

export interface SearchCombobox {
  mode: ComboboxMode;
  query: string;
  open: boolean;
  state: SuggestionState;
  options: SearchOption[];
  activeIndex: number;
  listboxId: string;
  /** False until hydrated: the server renders a plain search box (no combobox semantics without a popup). */
  enhanced: boolean;
  inputRef: React.RefObject<HTMLInputElement | null>;
  inputProps: React.InputHTMLAttributes<HTMLInputElement> & { ref: React.RefObject<HTMLInputElement | null> };
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** Focus leaving the whole search area closes the popup. */
  onContainerBlur: (event: FocusEvent<HTMLElement>) => void;
  choose: (index: number) => void;
  highlight: (index: number) => void;
  close: () => void;
}

export function useSearchCombobox({
  mode,
  filters = DEFAULT_FILTERS,
}: {
  mode: ComboboxMode;
  filters?: SearchFilters;
}): SearchCombobox {
  const navigate = useNavigate();
  const listboxId = useId();
  const inputRef = useRef<HTMLInputElement | null>(null);
  const [query, setQuery] = useState("");
  const [expanded, setExpanded] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const [enhanced, setEnhanced] = useState(false);

  // Text typed before hydration stays (the server's box is uncontrolled until then).
  useLayoutEffect(() => {
    const typed = inputRef.current?.value ?? "";
    if (typed) setQuery(typed);
    setEnhanced(true);
  }, []);

  const q = normaliseQuery(query);
  const searchable = isSearchable(q);
  const url = searchable
    ? searchApiHref(q, filters, { perPage: SUGGESTION_PER_PAGE, context: mode === "dropdown" ? "dropdown" : undefined })
    : null;
  const state = useSearchSuggestions(url);
  const allHref = searchPageHref(q, mode === "dropdown" ? filters : DEFAULT_FILTERS);

  const options = useMemo<SearchOption[]>(() => {
    if (state.status !== "done") return [];
    const withId = (s: Suggestion, i: number) => ({ ...s, id: `${listboxId}-option-${i}` });
    if (mode === "dropdown") {
      const hits = suggestionsOf(state.response).map(withId);
      if (hits.length === 0) return hits;
      return [...hits, { kind: "all", key: "all", id: `${listboxId}-all`, href: allHref, label: "Show all results" }];
    }
    const best = bestMatch(state.response);
    return best
      ? [withId(best, 0), { kind: "all", key: "all", id: `${listboxId}-all`, href: allHref, label: "See all results" }]
      : [{ kind: "all", key: "all", id: `${listboxId}-all`, href: allHref, label: "Search all poems" }];
  }, [state, mode, allHref, listboxId]);

  // New results: nothing highlighted until the reader moves there.
  useEffect(() => setActiveIndex(-1), [options]);

  // The header shows no preview when the lookup failed (spec section 8).
  const hasContent = mode === "dropdown" || state.status !== "error";
  const open = enhanced && expanded && searchable && hasContent;

  const close = useCallback(() => {
    setExpanded(false);
    setActiveIndex(-1);
  }, []);

  const go = useCallback(
    (href: string) => {
      close();
      navigate(href);
    },
    [close, navigate],
  );

  const choose = useCallback(
    (index: number) => {
      const option = options[index];
      if (option) go(option.href);
    },
    [options, go],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = options.length;
    switch (event.key) {
      case "ArrowDown":
      case "ArrowUp": {
        event.preventDefault();
        if (!open) {
          if (searchable) setExpanded(true);
          return;
        }
        if (count === 0) return;
        const down = event.key === "ArrowDown";
        setActiveIndex((i) => (down ? (i + 1) % count : i <= 0 ? count - 1 : i - 1));
        return;
      }
      case "Home":
      case "End":
        if (open && activeIndex >= 0 && count > 0) {
          event.preventDefault();
          setActiveIndex(event.key === "Home" ? 0 : count - 1);
        }
        return;
      case "Enter":
        if (open && activeIndex >= 0 && activeIndex < count) {
          event.preventDefault();
          choose(activeIndex);
        }
        // Otherwise the form submits: the /search page (onSubmit).
        return;
      case "Escape":
        if (open) {
          // Only close: a second Escape lets the browser clear the box as usual.
          event.preventDefault();
          close();
        }
        return;
      case "Tab":
        close();
        return;
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!searchable) return;
    go(searchPageHref(q, mode === "dropdown" ? filters : DEFAULT_FILTERS));
  };

  const onContainerBlur = (event: FocusEvent<HTMLElement>) => {
    const next = event.relatedTarget as Node | null;
    if (!next || !event.currentTarget.contains(next)) close();
  };

  const activeId = open && activeIndex >= 0 ? options[activeIndex]?.id : undefined;
  const inputProps = {
    ref: inputRef,
    value: query,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      setQuery(event.target.value);
      setExpanded(true);
    },
    onKeyDown,
    onFocus: () => setExpanded(true),
    ...(enhanced
      ? {
          role: "combobox",
          "aria-autocomplete": "list" as const,
          "aria-expanded": open && options.length > 0,
          "aria-controls": open && options.length > 0 ? listboxId : undefined,
          "aria-activedescendant": activeId,
        }
      : {}),
  };

  return {
    mode,
    query,
    open,
    state,
    options,
    activeIndex,
    listboxId,
    enhanced,
    inputRef,
    inputProps,
    onSubmit,
    onContainerBlur,
    choose,
    highlight: setActiveIndex,
    close,
  };
}
