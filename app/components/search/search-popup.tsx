import "~/styles/search.css";
import { useEffect, useRef } from "react";
import { GROUP_LABELS, type SuggestionGroup } from "~/lib/search-client";
import { SnippetText } from "./snippet-text";
import type { SearchCombobox, SearchOption } from "./use-search-combobox";

function poemCount(n: number): string {
  return `${n.toLocaleString("en-US")} ${n === 1 ? "poem" : "poems"}`;
}

function OptionBody({ option, compact }: { option: SearchOption; compact: boolean }) {
  switch (option.kind) {
    case "poet":
      return (
        <>
          <span className="search-option__title">{option.poet.name}</span>
          <span className="search-option__meta">{poemCount(option.poet.poem_count)}</span>
        </>
      );
    case "poem":
      return (
        <>
          <span className="search-option__title">{option.poem.title}</span>
          <span className="search-option__meta">{option.poem.author}</span>
        </>
      );
    case "content":
      return (
        <>
          <span className="search-option__title">{option.hit.title}</span>
          <span className="search-option__meta">{option.hit.author}</span>
          {!compact && (
            <SnippetText
              className="search-option__snippet"
              segments={option.hit.snippet}
              fallback={option.hit.content}
              oneLine
            />
          )}
        </>
      );
    case "all":
      return (
        <span className="search-option__all">
          {option.label} <span aria-hidden="true">→</span>
        </span>
      );
  }
}

/** What the hidden live region says, so screen-reader users hear the outcome of a lookup. */
function announcement(box: SearchCombobox): string {
  if (!box.open) return "";
  const { state, options } = box;
  if (state.status === "error") return "The search could not be completed.";
  if (state.status !== "done") return "";
  const hits = options.filter((o) => o.kind !== "all").length;
  if (hits === 0) return "Nothing matches.";
  return box.mode === "preview"
    ? "Best match available; use the down arrow to reach it."
    : `${hits} ${hits === 1 ? "suggestion" : "suggestions"}; use the up and down arrows to choose.`;
}

/**
 * The popup of a search box: status lines ('Searching...', 'No results found', 'Search failed') and the
 * listbox of options, grouped Poets / Titles / Contents in the dropdown. Options are not links (interactive
 * content may not sit inside an option): a click or Enter opens them through the combobox.
 */
export function SearchPopup({ box, label }: { box: SearchCombobox; label: string }) {
  const listRef = useRef<HTMLDivElement>(null);
  const { open, state, options, activeIndex, mode } = box;

  useEffect(() => {
    if (activeIndex < 0) return;
    const id = options[activeIndex]?.id;
    const element = id ? document.getElementById(id) : null;
    element?.scrollIntoView?.({ block: "nearest" });
  }, [activeIndex, options]);

  const renderOption = (option: SearchOption) => {
    const index = options.indexOf(option);
    return (
      <div
        key={option.key}
        id={option.id}
        role="option"
        aria-selected={index === activeIndex}
        className={`search-option search-option--${option.kind}`}
        data-active={index === activeIndex || undefined}
        onMouseMove={() => {
          if (index !== activeIndex) box.highlight(index);
        }}
        onClick={() => box.choose(index)}
      >
        <OptionBody option={option} compact={mode === "preview"} />
      </div>
    );
  };

  const hits = options.filter((o): o is Exclude<SearchOption, { kind: "all" }> => o.kind !== "all");
  const groups = (["poets", "titles", "contents"] as SuggestionGroup[])
    .map((group) => ({ group, items: hits.filter((o) => o.group === group) }))
    .filter((g) => g.items.length > 0);
  const allOption = options.find((o) => o.kind === "all");

  let status: string | null = null;
  if (state.status === "loading") status = "Searching...";
  else if (state.status === "error") status = "Search failed";
  else if (state.status === "done" && hits.length === 0) status = "No results found";

  return (
    <>
      <div className="visually-hidden" role="status" aria-live="polite">
        {announcement(box)}
      </div>
      {open && (
        // A press anywhere in the popup keeps focus in the text box (so the popup stays open).
        <div
          className={`search-popup search-popup--${mode}`}
          data-testid={`search-${mode}`}
          onMouseDown={(event) => event.preventDefault()}
        >
          {status && <p className="search-popup__status">{status}</p>}
          {options.length > 0 && (
            <div id={box.listboxId} role="listbox" aria-label={label} ref={listRef} className="search-popup__list">
              {mode === "dropdown"
                ? groups.map(({ group, items }) => (
                    <div key={group} role="group" aria-labelledby={`${box.listboxId}-${group}`} className="search-popup__group">
                      <div role="presentation" id={`${box.listboxId}-${group}`} className="search-popup__group-label">
                        {GROUP_LABELS[group]}
                      </div>
                      {items.map(renderOption)}
                    </div>
                  ))
                : hits.map(renderOption)}
              {allOption && renderOption(allOption)}
            </div>
          )}
        </div>
      )}
    </>
  );
}
