import "~/styles/lists.css";
import { Link, useLocation } from "react-router";
import { listHref, pageWindow } from "~/lib/list-params";

/**
 * Numbered pager: Previous, five pages around the current with first/last and ellipses, Next. Plain links.
 * `simple` is the favorites pager of the spec: 'Previous / Page X of Y / Next'.
 */
export function Pagination({
  page,
  pages,
  label = "Pagination",
  simple = false,
}: {
  page: number;
  pages: number;
  label?: string;
  simple?: boolean;
}) {
  const location = useLocation();
  if (pages <= 1) return null;
  const search = new URLSearchParams(location.search);
  const href = (p: number) => listHref(location.pathname, search, { page: p });
  return (
    <nav className={simple ? "pagination pagination--simple" : "pagination"} aria-label={label}>
      <ul>
        <li>
          <Step to={page > 1 ? href(page - 1) : null} rel="prev" text="Previous" />
        </li>
        {simple ? (
          <li className="pagination__status" aria-current="page">
            Page {page} of {pages}
          </li>
        ) : (
          pageWindow(page, pages).map((p, i) =>
            p === null ? (
              <li key={`gap-${i}`} aria-hidden="true" className="pagination__gap">
                …
              </li>
            ) : (
              <li key={p}>
                {p === page ? (
                  <span aria-current="page" className="pagination__current">
                    {p}
                  </span>
                ) : (
                  <Link to={href(p)} aria-label={`Page ${p}`}>
                    {p}
                  </Link>
                )}
              </li>
            ),
          )
        )}
        <li>
          <Step to={page < pages ? href(page + 1) : null} rel="next" text="Next" />
        </li>
      </ul>
    </nav>
  );
}

/** Previous or Next: a link, or a disabled label at either end. */
function Step({ to, rel, text }: { to: string | null; rel: "prev" | "next"; text: string }) {
  return to ? (
    <Link to={to} rel={rel}>
      {text}
    </Link>
  ) : (
    <span aria-disabled="true" className="pagination__disabled">
      {text}
    </span>
  );
}
