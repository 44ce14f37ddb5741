import "~/styles/poets.css";
import "~/styles/lists.css";
import { Link } from "react-router";
import { formatLifeYears } from "~/lib/life-years";
import type { PoetApi } from "~/server/serialize.server";
import { PoetPortrait } from "./poet-portrait";

/** The fields a poet entry of the directory shows. */
export type PoetCardItem = Pick<
  PoetApi,
  "name" | "directory" | "poem_count" | "birth_date" | "death_date" | "primary_image_url"
>;

export const poetHref = (poet: Pick<PoetApi, "directory">) =>
  `/authors/${poet.directory.split("/").map(encodeURIComponent).join("/")}`;

export function poemCountText(count: number): string {
  return `${count.toLocaleString("en-US")} ${count === 1 ? "poem" : "poems"}`;
}

/** The directory as cards: portrait (or initial), name (the link), life years and number of poems. */
export function PoetCards({ poets }: { poets: readonly PoetCardItem[] }) {
  return (
    <ul className="card-grid poet-cards">
      {poets.map((poet) => {
        const years = formatLifeYears(poet.birth_date, poet.death_date);
        return (
          <li key={poet.directory} className="card poet-card">
            <PoetPortrait name={poet.name} url={poet.primary_image_url} />
            <div className="poet-card__text">
              <h2 className="card__title">
                <Link to={poetHref(poet)} className="card__link">
                  {poet.name}
                </Link>
              </h2>
              {years && <p className="card__meta poet-card__years">{years}</p>}
              <p className="card__meta poet-card__count">{poemCountText(poet.poem_count)}</p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** The directory as a compact table: Name, Life years, Poems. */
export function PoetTable({ poets }: { poets: readonly PoetCardItem[] }) {
  return (
    <div className="list-table-wrap">
      <table className="list-table poet-table">
        <caption className="visually-hidden">Poets</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Life years</th>
            <th scope="col" className="poet-table__count">
              Poems
            </th>
          </tr>
        </thead>
        <tbody>
          {poets.map((poet) => (
            <tr key={poet.directory}>
              <td>
                <Link to={poetHref(poet)}>{poet.name}</Link>
              </td>
              <td className="poet-table__years">{formatLifeYears(poet.birth_date, poet.death_date) ?? "—"}</td>
              <td className="poet-table__count">{poet.poem_count.toLocaleString("en-US")}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
