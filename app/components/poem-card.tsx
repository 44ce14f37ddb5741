import "~/styles/lists.css";
import { Link } from "react-router";
import type { PoemListItem } from "~/server/serialize.server";

/**
 * The list-item shape every poem list renders: the API's list item, plus the place in a book when the list
 * is a collection. Only the fields the cards show are required, so callers can pass trimmed rows.
 */
export type PoemCardItem = Pick<PoemListItem, "id" | "title" | "author"> &
  Partial<Pick<PoemListItem, "slug" | "author_directory" | "year" | "excerpt" | "favorite_count">> & {
    sequence_number?: number;
  };

interface PoemListProps {
  poems: readonly PoemCardItem[];
  /** Show each poem's place: its `sequence_number` when present, else its 1-based position in `poems`. */
  numbered?: boolean;
  /** Where a poem links to; `/poems/{id}` by default (a collection reader passes its own). */
  hrefFor?: (poem: PoemCardItem, index: number) => string;
  /** Heading level of the card titles, so the page outline stays correct under the page's own h1/h2. */
  headingLevel?: 2 | 3;
}

const poemHref = (poem: PoemCardItem) => `/poems/${encodeURIComponent(poem.id)}`;

function numberOf(poem: PoemCardItem, index: number): number {
  return poem.sequence_number ?? index + 1;
}

/** A grid of poem cards: title (the link), author, year and an excerpt. */
export function PoemCards({ poems, numbered = false, hrefFor = poemHref, headingLevel = 2 }: PoemListProps) {
  const Heading = headingLevel === 3 ? "h3" : "h2";
  return (
    <ul className="card-grid poem-cards">
      {poems.map((poem, index) => (
        <li key={poem.id} className="card poem-card">
          <Heading className="card__title">
            {numbered && <span className="card__number">{numberOf(poem, index)}. </span>}
            <Link to={hrefFor(poem, index)} className="card__link">
              {poem.title}
            </Link>
          </Heading>
          <p className="card__meta">
            {poem.author}
            {poem.year != null && <span className="card__year"> ({poem.year})</span>}
          </p>
          {poem.excerpt && <p className="card__excerpt">{poem.excerpt}</p>}
        </li>
      ))}
    </ul>
  );
}

/**
 * The same poems as a compact table: (#,) Title, Author, Year. A collection of one poet's book can drop the
 * Author and Year columns (the spec's collection list shows '#' and 'Title').
 */
export function PoemTable({
  poems,
  numbered = false,
  hrefFor = poemHref,
  caption,
  showAuthor = true,
  showYear = true,
}: PoemListProps & { caption?: string; showAuthor?: boolean; showYear?: boolean }) {
  return (
    <div className="list-table-wrap">
      <table className="list-table poem-table">
        {caption && <caption className="visually-hidden">{caption}</caption>}
        <thead>
          <tr>
            {numbered && (
              <th scope="col" className="list-table__number">
                #
              </th>
            )}
            <th scope="col">Title</th>
            {showAuthor && <th scope="col">Author</th>}
            {showYear && (
              <th scope="col" className="list-table__year">
                Year
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {poems.map((poem, index) => (
            <tr key={poem.id}>
              {numbered && <td className="list-table__number">{numberOf(poem, index)}</td>}
              <td>
                <Link to={hrefFor(poem, index)}>{poem.title}</Link>
              </td>
              {showAuthor && <td>{poem.author}</td>}
              {showYear && <td className="list-table__year">{poem.year ?? "—"}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
