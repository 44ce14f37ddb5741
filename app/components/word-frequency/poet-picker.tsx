import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from "react";

export interface PoetOption {
  directory_name: string;
  name: string;
}

/** Options shown at once while searching: the spec's poet list page size. */
const SHOWN = 100;
const ALL_POEMS = "All Poems";

/**
 * The poet selector with its own search box, as an ARIA combobox: typing filters the listbox ('All Poems'
 * first, 'No options available' when nothing matches), ↑/↓ move through the options, Enter chooses, Escape
 * closes and puts back the current choice. Without JavaScript the page shows a plain <select> instead.
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
  const id = useId();
  const listId = `${id}-list`;
  const current = poets.find((p) => p.directory_name === value);
  const currentName = current?.name ?? ALL_POEMS;
  const [open, setOpen] = useState(false);
  const [text, setText] = useState(currentName);
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!open) setText(currentName);
  }, [currentName, open]);

  const options = useMemo(() => {
    const q = query.trim().toLocaleLowerCase("en");
    const found = q ? poets.filter((p) => p.name.toLocaleLowerCase("en").includes(q)) : poets;
    const all = !q || ALL_POEMS.toLocaleLowerCase("en").includes(q) ? [{ directory_name: "", name: ALL_POEMS }] : [];
    return [...all, ...found.slice(0, SHOWN)];
  }, [poets, query]);

  // Keep the active option in view while moving with the arrow keys.
  useEffect(() => {
    if (active < 0) return;
    document.getElementById(`${id}-opt-${active}`)?.scrollIntoView({ block: "nearest" });
  }, [active, id]);

  const show = (nextQuery: string, nextActive: number) => {
    setQuery(nextQuery);
    setActive(nextActive);
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    setQuery("");
    setActive(-1);
    setText(currentName);
  };
  const choose = (option: PoetOption) => {
    setOpen(false);
    setQuery("");
    setActive(-1);
    setText(option.name);
    if (option.directory_name !== value) onChange(option.directory_name);
  };
  const selectedIndex = () => Math.max(0, options.findIndex((o) => o.directory_name === value));

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        if (!open) show("", selectedIndex());
        else setActive((a) => Math.min(options.length - 1, a + 1));
        break;
      case "ArrowUp":
        event.preventDefault();
        if (!open) show("", selectedIndex());
        else setActive((a) => Math.max(0, a - 1));
        break;
      case "Home":
      case "End":
        if (open && options.length > 0) {
          event.preventDefault();
          setActive(event.key === "Home" ? 0 : options.length - 1);
        }
        break;
      case "Enter":
        // Never submits the surrounding GET form while the list is in use.
        event.preventDefault();
        if (open && options[active]) choose(options[active]!);
        else if (open && options.length === 1) choose(options[0]!);
        break;
      case "Escape":
        if (open) {
          event.preventDefault();
          close();
        }
        break;
    }
  };

  const activeId = open && active >= 0 && options[active] ? `${id}-opt-${active}` : undefined;

  return (
    <div className="poet-picker">
      <label className="word-frequency__label" htmlFor={`${id}-input`}>
        Poet
      </label>
      <div className="poet-picker__control">
        <input
          ref={inputRef}
          id={`${id}-input`}
          type="text"
          role="combobox"
          className="poet-picker__input"
          autoComplete="off"
          spellCheck={false}
          placeholder="Search poets..."
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={activeId}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            show(event.target.value, event.target.value.trim() ? 0 : -1);
          }}
          onFocus={(event) => event.currentTarget.select()}
          onClick={() => {
            if (!open) show("", selectedIndex());
          }}
          onBlur={close}
          onKeyDown={onKeyDown}
        />
        <button
          type="button"
          className="poet-picker__toggle"
          tabIndex={-1}
          aria-label="Show poets"
          aria-expanded={open}
          aria-controls={listId}
          // Keeps focus in the input, so its blur does not close the list being opened.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            if (open) close();
            else {
              show("", selectedIndex());
              inputRef.current?.focus();
            }
          }}
        >
          <span aria-hidden="true">▾</span>
        </button>
      </div>
      <ul id={listId} role="listbox" aria-label="Poets" className="poet-picker__options" hidden={!open}>
        {open &&
          options.map((option, index) => (
            <li
              key={option.directory_name || "all"}
              id={`${id}-opt-${index}`}
              role="option"
              aria-selected={option.directory_name === value}
              className={`poet-picker__option${index === active ? " is-active" : ""}`}
              onMouseDown={(event) => event.preventDefault()}
              onMouseMove={() => setActive(index)}
              onClick={() => choose(option)}
            >
              {option.name}
            </li>
          ))}
        {open && options.length === 0 && (
          <li role="option" aria-selected={false} aria-disabled="true" className="poet-picker__none">
            No options available
          </li>
        )}
      </ul>
    </div>
  );
}
