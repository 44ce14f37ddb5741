import { useEffect, useId, useMemo, useRef, useState } from "react";

export interface PoetOption {
  directory_name: string;
  name: string;
}

/** Options shown at once while searching: the spec's poet list page size. */
const SHOWN = 100;

/**
 * The poet selector with its own search box: a button naming the current choice opens a panel with a search
 * field, 'All Poems' and the matching poets ('No options available' when none match).
 */
export function PoetPicker({
  poets,
  value,
  onChange,
}: {
  poets: PoetOption[];
  value: string;
  onChange: (directory: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const current = poets.find((p) => p.directory_name === value);

  const matches = useMemo(() => {
    const q = query.trim().toLocaleLowerCase("en");
    const found = q ? poets.filter((p) => p.name.toLocaleLowerCase("en").includes(q)) : poets;
    return found.slice(0, SHOWN);
  }, [poets, query]);
  const showAll = !query.trim() || "all poems".includes(query.trim().toLocaleLowerCase("en"));

  useEffect(() => {
    if (!open) return;
    searchRef.current?.focus();
    const close = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("mousedown", close);
    return () => document.removeEventListener("mousedown", close);
  }, [open]);

  const choose = (directory: string) => {
    setOpen(false);
    setQuery("");
    onChange(directory);
  };

  return (
    <div
      className="poet-picker"
      ref={rootRef}
      onKeyDown={(event) => {
        if (event.key === "Escape") setOpen(false);
      }}
    >
      <span className="word-frequency__label" id={`${panelId}-label`}>
        Poet
      </span>
      <button
        type="button"
        className="poet-picker__button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-labelledby={`${panelId}-label ${panelId}-value`}
        onClick={() => setOpen((o) => !o)}
      >
        <span id={`${panelId}-value`}>{current?.name ?? "All Poems"}</span>
        <span aria-hidden="true"> ▾</span>
      </button>
      {open && (
        <div className="poet-picker__panel" id={panelId}>
          <input
            ref={searchRef}
            type="search"
            className="poet-picker__search"
            aria-label="Search poets"
            placeholder="Search poets..."
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
          <ul className="poet-picker__options" aria-label="Poets">
            {showAll && (
              <li>
                <button type="button" aria-pressed={value === ""} onClick={() => choose("")}>
                  All Poems
                </button>
              </li>
            )}
            {matches.map((p) => (
              <li key={p.directory_name}>
                <button type="button" aria-pressed={value === p.directory_name} onClick={() => choose(p.directory_name)}>
                  {p.name}
                </button>
              </li>
            ))}
            {!showAll && matches.length === 0 && <li className="poet-picker__none">No options available</li>}
          </ul>
        </div>
      )}
    </div>
  );
}
