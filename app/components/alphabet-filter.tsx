import { Link, useLocation } from "react-router";
import { listHref } from "~/lib/list-params";

export const ALPHABET = Array.from({ length: 26 }, (_, i) => String.fromCharCode(65 + i));

/**
 * ALL plus A-Z as plain links (`?letter=K`), so the filter works without JavaScript; choosing one keeps the
 * other list parameters and starts over at page 1. Letters no poet's last name starts with are shown but
 * not linked.
 */
export function AlphabetFilter({
  letter,
  available,
  label = "Filter by the first letter of the last name",
}: {
  letter: string | null;
  /** Upper-case letters that have at least one entry; every letter is linked when omitted. */
  available?: readonly string[];
  label?: string;
}) {
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  const present = available ? new Set(available) : null;
  const entry = (value: string | null, text: string) => {
    const current = value === letter;
    if (current) {
      return (
        <span className="alphabet-filter__item alphabet-filter__item--current" aria-current="true">
          {text}
        </span>
      );
    }
    if (value && present && !present.has(value)) {
      return (
        <span className="alphabet-filter__item alphabet-filter__item--empty" aria-disabled="true">
          {text}
        </span>
      );
    }
    return (
      <Link
        className="alphabet-filter__item"
        to={listHref(location.pathname, search, { letter: value })}
        preventScrollReset
      >
        {text}
      </Link>
    );
  };
  return (
    <nav className="alphabet-filter" aria-label={label}>
      <ul>
        <li>{entry(null, "ALL")}</li>
        {ALPHABET.map((l) => (
          <li key={l}>{entry(l, l)}</li>
        ))}
      </ul>
    </nav>
  );
}
