import "~/styles/lists.css";
import { Link, useLocation } from "react-router";
import { listHref, type ViewMode } from "~/lib/list-params";

const LABELS: Record<string, string> = { cards: "Cards", list: "List", read: "Read" };

/** Cards / List (/ Read) switch as links, so it works without JavaScript; the current mode is marked. */
export function ViewToggle({
  view,
  modes = ["cards", "list"],
  hrefFor,
}: {
  view: ViewMode | "read";
  modes?: (ViewMode | "read")[];
  hrefFor?: (mode: ViewMode | "read") => string;
}) {
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  const href = hrefFor ?? ((mode) => listHref(location.pathname, search, { view: mode === "cards" ? null : mode }));
  return (
    <div className="view-toggle" role="group" aria-label="Display mode">
      {modes.map((mode) => (
        <Link key={mode} to={href(mode)} aria-current={mode === view ? "true" : undefined} className="view-toggle__option">
          {LABELS[mode]}
        </Link>
      ))}
    </div>
  );
}
