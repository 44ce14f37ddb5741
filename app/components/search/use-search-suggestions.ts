import { useEffect, useRef, useState } from "react";
import { QueryCache } from "~/lib/query-cache";
import { fetchSearch, isAbortError, type SearchResponse } from "~/lib/search-client";
import { SEARCH_DEBOUNCE_MS } from "~/lib/search-options";

/**
 * The lookups behind the header preview and the home dropdown (spec sections 4, 5, 7, 8): nothing under 2
 * characters (results are cleared), a 300 ms debounce, a newer query aborts the request of the older one and
 * an answer that arrives for a query no longer current is ignored. Answers are kept in a cache of the last 10
 * queries, shared by both boxes, so returning to a query shows its results at once.
 */

export type SuggestionState =
  | { status: "idle" }
  | { status: "loading"; url: string }
  | { status: "done"; url: string; response: SearchResponse }
  | { status: "error"; url: string };

/** Shared by every search box of the page (the header and the home dropdown ask the same way). */
const answers = new QueryCache<SearchResponse>(10);

/** For tests and for a sign-out or data change: forget the cached answers. */
export function clearSuggestionCache(): void {
  answers.clear();
}

/** `url`: the /api/search request for the current text, or null when the text is too short to look up. */
export function useSearchSuggestions(url: string | null): SuggestionState {
  const [state, setState] = useState<SuggestionState>({ status: "idle" });
  const current = useRef<string | null>(null);
  const inFlight = useRef<AbortController | null>(null);

  useEffect(() => {
    current.current = url;
    // A newer query (or none) makes the older request pointless.
    inFlight.current?.abort();
    inFlight.current = null;
    if (url === null) {
      setState({ status: "idle" });
      return;
    }
    const cached = answers.get(url);
    if (cached) {
      setState({ status: "done", url, response: cached });
      return;
    }
    setState({ status: "loading", url });
    const timer = setTimeout(() => {
      const controller = new AbortController();
      inFlight.current = controller;
      fetchSearch(url, controller.signal).then(
        (response) => {
          answers.set(url, response);
          // A stale answer (the text has changed since) is cached but not shown.
          if (current.current !== url) return;
          if (inFlight.current === controller) inFlight.current = null;
          setState({ status: "done", url, response });
        },
        (error: unknown) => {
          if (isAbortError(error) || current.current !== url) return;
          if (inFlight.current === controller) inFlight.current = null;
          console.error("Search failed:", error);
          setState({ status: "error", url });
        },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [url]);

  useEffect(
    () => () => {
      current.current = null;
      inFlight.current?.abort();
    },
    [],
  );

  // The state always describes the current request; a render between a change and its effect reads "loading".
  if (url === null) return { status: "idle" };
  if (state.status !== "idle" && state.url === url) return state;
  const cached = answers.has(url) ? answers.get(url) : undefined;
  return cached ? { status: "done", url, response: cached } : { status: "loading", url };
}
