import { HomeSearch } from "~/components/home/home-search";
import { LuckButtons } from "~/components/home/luck-buttons";
import { PoemCount } from "~/components/home/poem-count";
import { TypedTagline } from "~/components/home/typed-tagline";
import { siteNameFromMatches, useSiteName } from "~/components/use-site-name";
import { utcDailyPath } from "~/lib/daily-path";
import { getDb } from "~/server/db.server";
import { getStats } from "~/server/models/stats.server";
import { absoluteUrl } from "~/server/site-url.server";
import "~/styles/home.css";
import type { Route } from "./+types/home";
import { publicPageHeaders } from "~/lib/cache-headers";

// Anonymous readers all get the same page: shared caches may keep it (see app/lib/cache-headers.ts).
export const headers: Route.HeadersFunction = publicPageHeaders;

export async function loader({ request }: Route.LoaderArgs) {
  let totalPoems = 0;
  try {
    totalPoems = (await getStats(getDb())).total_poems;
  } catch (error) {
    // The specification's rule for a stats failure: the count falls back to 0, the page still renders.
    console.error("Home: failed to load stats:", error);
  }
  return { totalPoems, dailyPath: utcDailyPath(), canonical: absoluteUrl(request, "/") };
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const site = siteNameFromMatches(matches);
  const description = "Read, search and explore thousands of public-domain poems and the poets who wrote them.";
  return [
    { title: `${site}: public-domain poetry` },
    { name: "description", content: description },
    { property: "og:title", content: site },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
    ...(data ? [{ tagName: "link", rel: "canonical", href: data.canonical }] : []),
  ];
};

export default function Home({ loaderData }: Route.ComponentProps) {
  const siteName = useSiteName();
  return (
    <section className="home" aria-labelledby="home-title">
      <div className="home__hero">
        <h1 id="home-title" className="home__title">
          Welcome to {siteName}
        </h1>
        <TypedTagline />
        <PoemCount total={loaderData.totalPoems} />
      </div>
      <HomeSearch />
      <LuckButtons serverDailyPath={loaderData.dailyPath} />
    </section>
  );
}
