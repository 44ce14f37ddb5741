import "~/styles/word-frequency.css";
import { useCallback, useEffect, useRef, useState } from "react";
import { data, Link } from "react-router";
import { useHydrated } from "~/components/header/use-hydrated";
import { siteNameFromMatches } from "~/components/use-site-name";
import { PoetPicker } from "~/components/word-frequency/poet-picker";
import { WordCloud } from "~/components/word-frequency/word-cloud";
import {
  DEFAULT_WORD_FREQUENCY_LIMIT,
  isWordFrequencyLimit,
  MAX_WORDS_DEBOUNCE_MS,
  searchHref,
  WORD_FREQUENCY_LIMITS,
  type WordFrequency,
  wordFrequencyCacheFile,
} from "~/lib/word-frequency";
import { getDb } from "~/server/db.server";
import {
  findWordFrequencyPoet,
  listWordFrequencyPoets,
  topWords,
  WHOLE_CORPUS_SCOPE,
} from "~/server/models/word-frequency.server";
import { absoluteUrl } from "~/server/site-url.server";
import type { Route } from "./+types/word-frequency";

const HINT = "Click on any word to see poems containing that word.";
const LOADING = "Loading word frequency data...";

interface Selection {
  poet: string;
  excludeCommon: boolean;
  limit: number;
}

/** Reads the filters from the query string; anything unusable falls back to the defaults. */
function parseSelection(search: URLSearchParams): Selection {
  const limit = Number(search.get("limit"));
  // The no-JavaScript form sends a hidden excludeCommon=false before the checkbox: the last value wins.
  const exclude = search.getAll("excludeCommon").at(-1);
  return {
    poet: (search.get("poet") ?? "").trim().slice(0, 200),
    excludeCommon: exclude === undefined ? true : exclude !== "false" && exclude !== "0",
    limit: isWordFrequencyLimit(limit) ? limit : DEFAULT_WORD_FREQUENCY_LIMIT,
  };
}

export async function loader({ request }: Route.LoaderArgs) {
  const selection = parseSelection(new URL(request.url).searchParams);
  const canonical = absoluteUrl(request, "/word-frequency");
  const db = getDb();
  try {
    const poets = (await listWordFrequencyPoets(db)).map((p) => ({ directory_name: p.directory_name, name: p.name }));
    let scope = WHOLE_CORPUS_SCOPE;
    if (selection.poet) {
      const poet = await findWordFrequencyPoet(db, selection.poet);
      if (poet) scope = poet.id;
      else selection.poet = "";
    }
    const words = await topWords(db, { scope, limit: selection.limit, excludeCommon: selection.excludeCommon });
    return { selection, poets, words, failed: false, canonical };
  } catch (error) {
    console.error("Failed to load word frequency data:", error instanceof Error ? error.message : error);
    return data(
      { selection, poets: [], words: [] as WordFrequency[], failed: true, canonical },
      { status: 503, headers: { "Cache-Control": "no-store" } },
    );
  }
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const site = siteNameFromMatches(matches);
  const title = `Word Frequency | ${site}`;
  const tags: Route.MetaDescriptors = [
    { title },
    { name: "description", content: "The words public-domain poets used most, for one poet or for all poems." },
    { property: "og:title", content: title },
    { property: "og:site_name", content: site },
  ];
  if (data?.canonical) tags.push({ tagName: "link", rel: "canonical", href: data.canonical });
  return tags;
};

/** The live call, or for all poems at a standard limit the static cache first (spec section 7). */
async function fetchWords(selection: Selection, signal: AbortSignal): Promise<WordFrequency[]> {
  if (!selection.poet && isWordFrequencyLimit(selection.limit)) {
    try {
      const cached = await fetch(`/word-frequency/${wordFrequencyCacheFile(selection.excludeCommon, selection.limit)}`, {
        signal,
      });
      if (cached.ok && cached.headers.get("Content-Type")?.includes("json")) return normalize(await cached.json());
    } catch (error) {
      if (signal.aborted) throw error;
    }
  }
  const params = new URLSearchParams({
    poet_id: selection.poet,
    limit: String(selection.limit),
    excludeCommon: String(selection.excludeCommon),
  });
  const response = await fetch(`/api/word-frequency?${params}`, { signal });
  if (!response.ok) throw new Error(`HTTP error! status: ${response.status}`);
  return normalize(await response.json());
}

/** Items may say word/frequency or text/value (spec section 3). */
function normalize(body: unknown): WordFrequency[] {
  if (!Array.isArray(body)) throw new Error("Invalid response format");
  return body.map((item: { word?: string; text?: string; frequency?: number; value?: number }) => ({
    word: String(item.word ?? item.text ?? ""),
    frequency: Number(item.frequency ?? item.value ?? 0),
  }));
}

function selectionQuery(selection: Selection): string {
  const params = new URLSearchParams();
  if (selection.poet) params.set("poet", selection.poet);
  if (!selection.excludeCommon) params.set("excludeCommon", "false");
  if (selection.limit !== DEFAULT_WORD_FREQUENCY_LIMIT) params.set("limit", String(selection.limit));
  const query = params.toString();
  return query ? `?${query}` : "";
}

export default function WordFrequencyScreen({ loaderData }: Route.ComponentProps) {
  const hydrated = useHydrated();
  const [selection, setSelection] = useState<Selection>(loaderData.selection);
  const [maxWords, setMaxWords] = useState(loaderData.selection.limit);
  const [words, setWords] = useState<WordFrequency[]>(loaderData.words);
  const [status, setStatus] = useState<"ready" | "loading" | "error">(loaderData.failed ? "error" : "ready");
  const [view, setView] = useState<"list" | "cloud">("list");
  const [attempt, setAttempt] = useState(0);
  const firstRun = useRef(true);

  // Max Words is debounced: the selection changes 300 ms after the slider stops.
  useEffect(() => {
    if (maxWords === selection.limit) return;
    const timer = setTimeout(() => setSelection((s) => ({ ...s, limit: maxWords })), MAX_WORDS_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [maxWords, selection.limit]);

  // Every change reloads; a newer request aborts the previous one, whose outcome is then ignored.
  useEffect(() => {
    if (firstRun.current && !loaderData.failed) {
      firstRun.current = false;
      return;
    }
    firstRun.current = false;
    const controller = new AbortController();
    setStatus("loading");
    window.history.replaceState(window.history.state, "", `/word-frequency${selectionQuery(selection)}`);
    fetchWords(selection, controller.signal)
      .then((loaded) => {
        if (controller.signal.aborted) return;
        setWords(loaded);
        setStatus("ready");
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error("Failed to load word frequency data", error);
        setStatus("error");
      });
    return () => controller.abort();
  }, [selection, attempt, loaderData.failed]);

  const update = useCallback((change: Partial<Selection>) => setSelection((s) => ({ ...s, ...change })), []);

  return (
    <div className="list-page word-frequency">
      <header className="list-page__header">
        <h1 className="list-page__title">Word Frequency</h1>
        <p className="list-page__subtitle">{HINT}</p>
      </header>

      <form method="get" action="/word-frequency" className="word-frequency__filters" onSubmit={(e) => hydrated && e.preventDefault()}>
        {hydrated ? (
          <PoetPicker poets={loaderData.poets} value={selection.poet} onChange={(poet) => update({ poet })} />
        ) : (
          <label className="word-frequency__field">
            <span className="word-frequency__label">Poet</span>
            <select name="poet" defaultValue={selection.poet}>
              <option value="">All Poems</option>
              {loaderData.poets.map((p) => (
                <option key={p.directory_name} value={p.directory_name}>
                  {p.name}
                </option>
              ))}
            </select>
          </label>
        )}
        <label className="word-frequency__field word-frequency__check">
          <input type="hidden" name="excludeCommon" value="false" />
          <input
            type="checkbox"
            name="excludeCommon"
            value="true"
            checked={selection.excludeCommon}
            onChange={(event) => update({ excludeCommon: event.target.checked })}
          />
          <span>Exclude common words</span>
        </label>
        <label className="word-frequency__field word-frequency__slider">
          <span className="word-frequency__label">
            Max Words: <span className="word-frequency__value">{maxWords}</span>
          </span>
          <input
            type="range"
            name="limit"
            min={WORD_FREQUENCY_LIMITS[0]}
            max={WORD_FREQUENCY_LIMITS[WORD_FREQUENCY_LIMITS.length - 1]}
            step={25}
            value={maxWords}
            aria-valuetext={`${maxWords} words`}
            onChange={(event) => setMaxWords(Number(event.target.value))}
          />
        </label>
        {!hydrated && (
          <button type="submit" className="word-frequency__apply">
            Apply
          </button>
        )}
      </form>

      {hydrated && (
        <div className="view-toggle word-frequency__views" role="group" aria-label="Display mode">
          {(["cloud", "list"] as const).map((mode) => (
            <button
              key={mode}
              type="button"
              className="view-toggle__option"
              aria-pressed={view === mode}
              onClick={() => setView(mode)}
            >
              {mode === "cloud" ? "Cloud" : "List"}
            </button>
          ))}
        </div>
      )}

      <div className="word-frequency__results" aria-busy={status === "loading" || undefined}>
        {status === "error" ? (
          <div className="word-frequency__error" role="alert">
            <p className="word-frequency__error-title">Error loading word frequency data</p>
            <p>Failed to load word frequency data</p>
            {hydrated && (
              <button type="button" onClick={() => setAttempt((n) => n + 1)}>
                Try Again
              </button>
            )}
          </div>
        ) : status === "loading" ? (
          <p className="word-frequency__loading" role="status">
            {LOADING}
          </p>
        ) : view === "cloud" ? (
          <WordCloud words={words} />
        ) : words.length === 0 ? (
          <p className="word-frequency__empty">No word frequency data available for the selected filters.</p>
        ) : (
          <WordList words={words} />
        )}
      </div>
    </div>
  );
}

function WordList({ words }: { words: WordFrequency[] }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
    <div className="word-frequency__list" tabIndex={0} role="region" aria-label="Word frequency list">
      <table className="word-table">
        <thead>
          <tr>
            <th scope="col">Rank</th>
            <th scope="col">Word</th>
            <th scope="col">Frequency</th>
          </tr>
        </thead>
        <tbody>
          {words.map((w, i) => (
            <tr key={w.word}>
              <td>{i + 1}</td>
              <td>
                <Link to={searchHref(w.word)}>{w.word}</Link>
              </td>
              <td>{w.frequency.toLocaleString("en-US")}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
