import "~/styles/lists.css";
import { Link } from "react-router";
import type { CollectionApi } from "~/server/serialize.server";

export type CollectionCardItem = Pick<CollectionApi, "id" | "title" | "year" | "poet" | "editor" | "anthology" | "poem_count"> &
  Partial<Pick<CollectionApi, "description">>;

const collectionHref = (c: CollectionCardItem) => `/collections/${encodeURIComponent(c.id)}`;

export function poemCountText(count: number): string {
  return `${count.toLocaleString("en-US")} ${count === 1 ? "poem" : "poems"}`;
}

/** "A. E. Housman", or for an anthology "Edited by …" (its author line only says "Various"). */
export function bylineOf(c: Pick<CollectionApi, "poet" | "editor" | "anthology">): string {
  return c.anthology && c.editor ? `Edited by ${c.editor}` : c.poet;
}

/** A description cut at a word near `length` characters, ended with an ellipsis when anything is left out. */
function shorten(text: string, length = 160): string {
  if (text.length <= length) return text;
  const cut = text.slice(0, length);
  const space = cut.lastIndexOf(" ");
  return `${(space > length * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:.!?—–-]+$/, "")}…`;
}

/** A grid of books: the title is the link (the whole card is its target), then poet, year, size and a note. */
export function CollectionCards({ collections }: { collections: readonly CollectionCardItem[] }) {
  return (
    <ul className="card-grid collection-cards">
      {collections.map((c) => (
        <li key={c.id} className="card collection-card">
          <h2 className="card__title">
            <Link to={collectionHref(c)} className="card__link">
              {c.title}
            </Link>
          </h2>
          <p className="card__meta">
            {bylineOf(c)}
            {c.year != null && <span className="card__year"> ({c.year})</span>}
          </p>
          <p className="card__meta collection-card__count">{poemCountText(c.poem_count)}</p>
          {c.description && <p className="card__excerpt">{shorten(c.description)}</p>}
        </li>
      ))}
    </ul>
  );
}

/** The same books as a table: Title, Poet, Year, Poems. */
export function CollectionTable({ collections }: { collections: readonly CollectionCardItem[] }) {
  return (
    <div className="list-table-wrap">
      <table className="list-table collection-table">
        <caption className="visually-hidden">Poetry collections</caption>
        <thead>
          <tr>
            <th scope="col">Title</th>
            <th scope="col">Poet</th>
            <th scope="col" className="list-table__year">
              Year
            </th>
            <th scope="col" className="collection-table__count">
              Poems
            </th>
          </tr>
        </thead>
        <tbody>
          {collections.map((c) => (
            <tr key={c.id}>
              <td>
                <Link to={collectionHref(c)}>{c.title}</Link>
              </td>
              <td>{bylineOf(c)}</td>
              <td className="list-table__year">{c.year ?? "—"}</td>
              <td className="collection-table__count">{c.poem_count.toLocaleString("en-US")}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
