import "~/styles/lists.css";
import { Link, useLocation } from "react-router";
import { listHref, pageWindow } from "~/lib/list-params";

/** Numbered pager: Previous, five pages around the current with first/last and ellipses, Next. Plain links. */
export function Pagination({ page, pages, label = "Pagination" }: { page: number; pages: number; label?: string }) {
  const location = useLocation();
  if (pages <= 1) return null;
  const search = new URLSearchParams(location.search);
  const href = (p: number) => listHref(location.pathname, search, { page: p });
  return (
    <nav className="pagination" aria-label={label}>
      <ul>
        <li>
          {page > 1 ? (
            <Link to={href(page - 1)} rel="prev" preventScrollReset={false}>
              Previous
            </Link>
          ) : (
            <span aria-disabled="true" className="pagination__disabled">
              Previous
            </span>
          )}
        </li>
        {pageWindow(page, pages).map((p, i) =>
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
        )}
        <li>
          {page < pages ? (
            <Link to={href(page + 1)} rel="next">
              Next
            </Link>
          ) : (
            <span aria-disabled="true" className="pagination__disabled">
              Next
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
