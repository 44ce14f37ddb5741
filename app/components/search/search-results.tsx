import "~/styles/lists.css";
import "~/styles/search.css";
import { type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import { Form, Link, useLocation, useNavigate, useNavigation } from "react-router";
import { Pagination } from "~/components/list/pagination";
import { ViewToggle } from "~/components/list/view-toggle";
import { PoemCards, PoemTable } from "~/components/poem-card";
import { PoetCards, PoetTable } from "~/components/poet-card";
import { listHref } from "~/lib/list-params";
import { fetchSearch, isAbortError, poemHref, type SearchResponse } from "~/lib/search-client";
import {
  displayTotal,
  RESULT_TABS,
  type ResultTab,
  SEARCH_TYPE_LABELS,
  SEARCH_TYPES,
  type SearchPageParams,
  searchApiHref,
  searchPageHref,
  type SortChoice,
  SORT_LABELS,
  TAB_LABELS,
  tabFields,
  TIME_PERIOD_CHOICES,
  TIME_PERIOD_LABELS,
} from "~/lib/search-options";
import { parseSearchPageParams } from "~/lib/search-page-params";
import type { SearchPageItems } from "~/server/models/search-page.server";
import { useHydrated } from "../header/use-hydrated";
import { SnippetText } from "./snippet-text";

/**
 * The /search results screen. Server-rendered and complete without JavaScript: the filters are a GET form
 * (with a Search button) and the results have numbered pages. With JavaScript the selects apply at once,
 * and the numbered pages give way to infinite scroll: 'Load more results' (also pressed for the reader when
 * the end of the list scrolls into view) appends the next page from /api/search.
 */

export interface SearchScreenData {
  params: SearchPageParams;
  tab: ResultTab;
  totals: Record<ResultTab, number>;
  items: SearchPageItems;
  hasMore: boolean;
  pages: number;
}

/** The sorts the page offers (spec: Relevance, Title, Author); Date too when a link asked for it. */
function sortChoices(current: SortChoice): SortChoice[] {
  return current === "date" ? ["relevance", "date", "title", "author"] : ["relevance", "title", "author"];
}

function itemCount(items: SearchPageItems): number {
  switch (items.tab) {
    case "poems":
      return items.poems.length;
    case "poets":
      return items.poets.length;
    case "contents":
      return items.contents.length;
  }
}

/** The next page's hits appended to the list; a hit already shown (the ranking can shift) is not repeated. */
function appendItems(items: SearchPageItems, response: SearchResponse): SearchPageItems {
  const merge = <T,>(shown: T[], more: T[], key: (item: T) => string) => {
    const seen = new Set(shown.map(key));
    return [...shown, ...more.filter((item) => !seen.has(key(item)))];
  };
  switch (items.tab) {
    case "poems":
      return { tab: "poems", poems: merge(items.poems, response.poems, (p) => p.id) };
    case "poets":
      return { tab: "poets", poets: merge(items.poets, response.poets, (p) => p.directory) };
    case "contents":
      return { tab: "contents", contents: merge(items.contents, response.contents, (p) => p.id) };
  }
}

function moreOf(tab: ResultTab, response: SearchResponse): boolean {
  const p = response.pagination;
  return tab === "poems" ? p.has_more_poems : tab === "poets" ? p.has_more_poets : p.has_more_contents;
}

const NOUNS: Record<ResultTab, [string, string]> = {
  poems: ["poem", "poems"],
  poets: ["poet", "poets"],
  contents: ["content match", "content matches"],
};

function countLine(tab: ResultTab, total: number): string {
  const [one, many] = NOUNS[tab];
  return `${displayTotal(total)} ${total === 1 ? one : many}`;
}

function SearchForm({ params }: { params: SearchPageParams }) {
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const location = useLocation();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location?.pathname === "/search";

  /**
   * The form's choices as a tidy URL (defaults left out). A sort, period or fuzzy change keeps the tab; a new
   * query or Search In choice starts on its default tab.
   */
  const hrefOfForm = (keepTab: boolean) => {
    const form = formRef.current;
    if (!form) return null;
    const next = parseSearchPageParams(new URLSearchParams(new FormData(form) as unknown as [string, string][]));
    if (next.q.length < 2) return null;
    return searchPageHref(next.q, next, { view: next.view, tab: keepTab ? next.tab : null });
  };
  const apply = (keepTab: boolean) => {
    const href = hrefOfForm(keepTab);
    if (href) navigate(href, { preventScrollReset: true });
  };
  const refine = () => apply(true);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    apply(false);
  };

  return (
    <Form
      method="get"
      action="/search"
      ref={formRef}
      className="search-page__form"
      role="search"
      aria-label="Search again"
      aria-busy={busy || undefined}
      onSubmit={onSubmit}
    >
      {params.view !== "cards" && <input type="hidden" name="view" value={params.view} />}
      {params.tab && <input type="hidden" name="tab" value={params.tab} />}
      <label>
        <span className="visually-hidden">Search for</span>
        <input
          key={params.q}
          type="search"
          name="q"
          defaultValue={params.q}
          minLength={2}
          maxLength={500}
          required
          autoComplete="off"
        />
      </label>
      <label>
        <span>Search In</span>
        <select name="type" defaultValue={params.type} key={`type-${params.type}`} onChange={() => apply(false)}>
          {SEARCH_TYPES.map((t) => (
            <option key={t} value={t}>
              {SEARCH_TYPE_LABELS[t]}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>Time Period</span>
        <select name="time_period" defaultValue={params.timePeriod} key={`period-${params.timePeriod}`} onChange={refine}>
          {TIME_PERIOD_CHOICES.map((t) => (
            <option key={t} value={t}>
              {TIME_PERIOD_LABELS[t]}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>Sort by</span>
        <select name="sort" defaultValue={params.sort} key={`sort-${params.sort}`} onChange={refine}>
          {sortChoices(params.sort).map((s) => (
            <option key={s} value={s}>
              {SORT_LABELS[s]}
            </option>
          ))}
        </select>
      </label>
      {params.sort !== "relevance" && (
        <>
          <input type="hidden" name="dir" value={params.dir} />
          <Link
            className="search-page__dir"
            to={listHref(location.pathname, new URLSearchParams(location.search), {
              dir: params.dir === "asc" ? "desc" : null,
            })}
            aria-label={params.dir === "asc" ? "Sort descending" : "Sort ascending"}
            title={params.dir === "asc" ? "Ascending (switch to descending)" : "Descending (switch to ascending)"}
            replace
            preventScrollReset
          >
            <span aria-hidden="true">{params.dir === "asc" ? "↑" : "↓"}</span>
          </Link>
        </>
      )}
      <label>
        <input
          type="checkbox"
          name="fuzzy"
          value="true"
          defaultChecked={params.fuzzy}
          key={`fuzzy-${params.fuzzy}`}
          onChange={hydrated ? refine : undefined}
        />
        <span>Fuzzy match</span>
      </label>
      <button type="submit">Search</button>
      {busy && (
        <span className="spinner" role="status">
          <span className="visually-hidden">Loading</span>
        </span>
      )}
    </Form>
  );
}

function SearchTabs({ tab, totals }: { tab: ResultTab; totals: Record<ResultTab, number> }) {
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  return (
    <nav className="search-tabs" aria-label="Result types">
      <ul>
        {RESULT_TABS.map((t) => (
          <li key={t}>
            <Link
              to={listHref(location.pathname, search, { tab: t })}
              aria-current={t === tab ? "page" : undefined}
              preventScrollReset
              data-tab={t}
            >
              {`${TAB_LABELS[t]} `}
              <span className="search-tabs__count">{displayTotal(totals[t])}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function ContentHits({ items, view }: { items: Extract<SearchPageItems, { tab: "contents" }>; view: "cards" | "list" }) {
  return (
    <ul className={`content-hits content-hits--${view}`}>
      {items.contents.map((hit) => (
        <li key={hit.id} className="content-hit">
          <h2 className="content-hit__title">
            <Link to={poemHref(hit)}>{hit.title}</Link>
          </h2>
          <p className="content-hit__meta">
            {hit.author}
            {hit.year != null && <span> ({hit.year})</span>}
            {hit.line_number > 0 && <span> · line {hit.line_number}</span>}
          </p>
          <p className="search-snippet">
            <SnippetText segments={hit.snippet} fallback={hit.content} />
          </p>
        </li>
      ))}
    </ul>
  );
}

function ResultItems({ items, view }: { items: SearchPageItems; view: "cards" | "list" }) {
  switch (items.tab) {
    case "poems":
      return view === "list" ? <PoemTable poems={items.poems} caption="Poems" /> : <PoemCards poems={items.poems} />;
    case "poets": {
      const poets = items.poets.map((p) => ({ ...p, primary_image_url: null }));
      return view === "list" ? <PoetTable poets={poets} /> : <PoetCards poets={poets} />;
    }
    case "contents":
      return <ContentHits items={items} view={view} />;
  }
}

/** The shown hits plus the pages appended by 'Load more results'. */
function useMoreResults(data: SearchScreenData) {
  const { params, tab } = data;
  const [items, setItems] = useState(data.items);
  const [hasMore, setHasMore] = useState(data.hasMore);
  const [status, setStatus] = useState<"idle" | "loading" | "error">("idle");
  const nextPage = useRef(params.page + 1);
  const loading = useRef(false);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const loadMore = useCallback(() => {
    if (loading.current || !hasMore) return;
    loading.current = true;
    setStatus("loading");
    const abort = new AbortController();
    controller.current = abort;
    const url = searchApiHref(params.q, params, {
      fields: tabFields(params.type, tab),
      page: nextPage.current,
      perPage: params.perPage,
      skipCounts: true,
    });
    fetchSearch(url, abort.signal).then(
      (response) => {
        loading.current = false;
        nextPage.current += 1;
        setItems((shown) => appendItems(shown, response));
        setHasMore(moreOf(tab, response));
        setStatus("idle");
      },
      (error: unknown) => {
        loading.current = false;
        if (isAbortError(error)) return;
        console.error("Loading more results failed:", error);
        setStatus("error");
      },
    );
  }, [hasMore, params, tab]);

  return { items, hasMore, status, loadMore };
}

function LoadMore({
  hasMore,
  status,
  loadMore,
  shown,
}: {
  hasMore: boolean;
  status: "idle" | "loading" | "error";
  loadMore: () => void;
  shown: number;
}) {
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasMore || status !== "idle" || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) loadMore();
      },
      { rootMargin: "0px 0px 200px 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, status, loadMore, shown]);

  return (
    <div className="search-more" ref={sentinel}>
      {status === "loading" ? (
        <p role="status">Loading more...</p>
      ) : hasMore ? (
        <>
          {status === "error" && (
            <p className="search-more__error" role="alert">
              Search failed
            </p>
          )}
          <button type="button" className="button" onClick={loadMore}>
            Load more results
          </button>
        </>
      ) : (
        <p role="status">All results loaded</p>
      )}
    </div>
  );
}

function Results({ data }: { data: SearchScreenData }) {
  const hydrated = useHydrated();
  const { items, hasMore, status, loadMore } = useMoreResults(data);
  const { params } = data;
  const shown = itemCount(items);
  return (
    <>
      <ResultItems items={items} view={params.view} />
      {hydrated ? (
        <LoadMore hasMore={hasMore} status={status} loadMore={loadMore} shown={shown} />
      ) : (
        <Pagination page={params.page} pages={data.pages} label="Result pages" />
      )}
    </>
  );
}

export function SearchScreen({ data }: { data: SearchScreenData }) {
  const location = useLocation();
  const { params, tab, totals } = data;
  const nothing = RESULT_TABS.every((t) => totals[t] === 0);
  const empty = itemCount(data.items) === 0;
  return (
    <section className="list-page search-page" aria-labelledby="search-heading">
      <header className="list-page__header">
        <h1 id="search-heading" className="list-page__title">
          Search results
        </h1>
        <p className="list-page__subtitle">
          For <q>{params.q}</q>
        </p>
      </header>
      <SearchForm params={params} />
      <SearchTabs tab={tab} totals={totals} />
      <div className="list-page__toolbar">
        <p className="list-page__count" role="status" data-testid="search-count">
          {countLine(tab, totals[tab])}
        </p>
        <ViewToggle view={params.view} />
      </div>
      {nothing || empty ? (
        <p className="list-page__empty">{`No results found for "${params.q}"`}</p>
      ) : (
        // A new query, tab, sort or view starts the list over.
        <Results key={location.search} data={data} />
      )}
    </section>
  );
}
