import { Link } from "react-router";
import { siteNameFromMatches, useSiteName } from "~/components/use-site-name";
import { getDb } from "~/server/db.server";
import { getStats } from "~/server/models/stats.server";
import { absoluteUrl } from "~/server/site-url.server";
import type { Route } from "./+types/home";

export async function loader({ request }: Route.LoaderArgs) {
  let totalPoems = 0;
  try {
    totalPoems = (await getStats(getDb())).total_poems;
  } catch (error) {
    // The specification's rule for a stats failure: the count falls back to 0, the page still renders.
    console.error("Home: failed to load stats:", error);
  }
  return { totalPoems, canonical: absoluteUrl(request, "/") };
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const site = siteNameFromMatches(matches);
  const description = "Read, search and explore thousands of public-domain poems and the poets who wrote them.";
  return [
    { title: `${site}: public-domain poetry` },
    { name: "description", content: description },
    ...(data ? [{ tagName: "link", rel: "canonical", href: data.canonical }] : []),
  ];
};

const numberFormat = new Intl.NumberFormat("en-US");

export default function Home({ loaderData }: Route.ComponentProps) {
  const siteName = useSiteName();
  const { totalPoems } = loaderData;
  return (
    <section className="home" aria-labelledby="home-title">
      <h1 id="home-title" className="home__title">
        Welcome to {siteName}
      </h1>
      <p className="home__count">
        <span className="home__count-number" data-testid="poem-count">
          {numberFormat.format(totalPoems)}
        </span>{" "}
        public-domain {totalPoems === 1 ? "poem" : "poems"} to read, search and share.
      </p>

      <form method="get" action="/search" role="search" className="home__search">
        <label htmlFor="home-search" className="home__search-label">
          Search by poet, title or a line you remember
        </label>
        <div className="home__search-row">
          <input id="home-search" type="search" name="q" minLength={2} required autoComplete="off" />
          <button type="submit" className="button button--primary">
            Search
          </button>
        </div>
      </form>

      <p className="home__luck">Or try your luck...</p>
      <ul className="home__actions">
        <li>
          <Link to="/poems/random" className="button">
            Random poem
          </Link>
        </li>
        <li>
          <Link to="/authors" className="button">
            Browse poets
          </Link>
        </li>
        <li>
          <Link to="/poems" className="button">
            Browse poems
          </Link>
        </li>
      </ul>
    </section>
  );
}
