import { Link } from "react-router";
import { siteNameFromMatches, useSiteName } from "~/components/use-site-name";
import { getDb } from "~/server/db.server";
import { getStats, type Stats } from "~/server/models/stats.server";
import { absoluteUrl } from "~/server/site-url.server";
import "~/styles/about.css";
import type { Route } from "./+types/about";
import { publicPageHeaders } from "~/lib/cache-headers";
import { ZENUP_LICENCE } from "~/lib/open-data";

// Anonymous readers all get the same page: shared caches may keep it (see app/lib/cache-headers.ts).
export const headers: Route.HeadersFunction = publicPageHeaders;

export async function loader({ request }: Route.LoaderArgs) {
  let stats: Stats | null = null;
  try {
    stats = await getStats(getDb());
  } catch (error) {
    // The page is about the project; it still renders without the figures.
    console.error("About: failed to load stats:", error);
  }
  return { stats, canonical: absoluteUrl(request, "/about") };
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const site = siteNameFromMatches(matches);
  const description = `${site} is an archive of public-domain poetry, launched in 2025: read, search and share poems and the poets who wrote them.`;
  return [
    { title: `About | ${site}` },
    { name: "description", content: description },
    ...(data ? [{ tagName: "link", rel: "canonical", href: data.canonical }] : []),
  ];
};

const FEATURES = [
  {
    title: "Vast Library",
    text: "Thousands of poems spanning seven centuries, from medieval lyrics and Shakespeare's sonnets to the poets of the Great War, with the lives of their poets and the books they first appeared in.",
  },
  {
    title: "Search and Analyze",
    text: "Find a poem by its title, its poet or a line half remembered, and see which words a poet returns to most with the word-frequency tool.",
  },
  {
    title: "Personalized Poetry",
    text: "Read the way you like: parchment or woodland themes, light or dark, four typefaces, your own text size, and long lines wrapped or kept whole.",
  },
  {
    title: "Daily Discoveries",
    text: "A poem for every day, a random poem whenever you want a surprise, and curated collections to read from cover to cover.",
  },
];

const number = new Intl.NumberFormat("en-US");

export default function About({ loaderData }: Route.ComponentProps) {
  const siteName = useSiteName();
  const { stats } = loaderData;
  return (
    <article className="about" aria-labelledby="about-title">
      <header className="about__intro">
        <h1 id="about-title">About {siteName}</h1>
        <p className="about__lede">
          {siteName} is an archive of public-domain poetry, launched in 2025. It gathers poems whose copyright has
          run out and sets them out to be read comfortably, on any screen, by anyone.
        </p>
        <p>
          Every poem here is free to read, share, print and copy. Each one says where its text comes from: the
          edition it was taken from and why it is in the public domain. The archive grows as more books are
          transcribed and checked.
        </p>
        {stats && stats.total_poems > 0 && (
          <p className="about__figures">
            Today it holds {number.format(stats.total_poems)} poems by {number.format(stats.total_poets)} poets
            {stats.total_collections > 0 && <> in {number.format(stats.total_collections)} collections</>}.
          </p>
        )}
      </header>

      <section aria-labelledby="features-title" className="about__features">
        <h2 id="features-title" className="visually-hidden">
          What you can do here
        </h2>
        <ul className="about__cards">
          {FEATURES.map((feature) => (
            <li key={feature.title} className="about__card">
              <h3>{feature.title}</h3>
              <p>{feature.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <div className="about__actions">
        <Link to="/" className="button button--primary">
          Start Exploring
        </Link>
        <Link to="/contact" className="button">
          Get in Touch
        </Link>
      </div>

      <section aria-labelledby="acknowledgements-title" className="about__acknowledgements">
        <h2 id="acknowledgements-title">Acknowledgements</h2>
        <p>
          This archive stands on the work of people who transcribed, corrected and shared these texts long before us.
          We are grateful to four sources in particular:
        </p>
        <ul className="about__sources">
          <li>
            <h3>Project Gutenberg</h3>
            <p>
              The complete books in the archive, from Whitman&rsquo;s <cite>Leaves of Grass</cite> to Hardy&rsquo;s{" "}
              <cite>Wessex Poems</cite> and the <cite>Oxford Book of English Verse</cite>, are{" "}
              <a href="https://www.gutenberg.org/">Project Gutenberg</a> eBooks, taken from the{" "}
              <a href="https://github.com/GITenberg">GITenberg</a> mirrors of them. Thank you to the volunteers who
              typed and proofread every page.
            </p>
          </li>
          <li>
            <h3>facjure/public-domain-poetry</h3>
            <p>
              Most of the shorter poems come from{" "}
              <a href="https://github.com/facjure/public-domain-poetry">facjure/public-domain-poetry</a>, a collection
              by Facjure LLC of poems gathered from Project Gutenberg and public-domain-poetry.com. Its notice asks
              that its licence travel with the poems, and we keep it here:
            </p>
            <blockquote className="about__notice">
              <p>
                Copyright (c) Facjure LLC. All rights reserved. Poems are available for free for personal or commercial
                use, provided Zenup BSD-style license is retained.
              </p>
            </blockquote>
            <details className="about__licence">
              <summary>The Zenup BSD-style licence</summary>
              <pre>{ZENUP_LICENCE}</pre>
            </details>
          </li>
          <li>
            <h3>briggsreschke/poets</h3>
            <p>
              Poets&rsquo; life dates, Wikipedia links and short descriptions come from{" "}
              <a href="https://github.com/briggsreschke/poets">briggsreschke/poets</a>, drawn from Wikipedia&rsquo;s{" "}
              <a href="https://en.wikipedia.org/wiki/List_of_poets">List of poets</a>. Those descriptions are
              Wikipedia text, shared under the{" "}
              <a href="https://creativecommons.org/licenses/by-sa/4.0/">Creative Commons Attribution-ShareAlike 4.0</a>{" "}
              licence.
            </p>
          </li>
          <li>
            <h3>Biographies published before 1929</h3>
            <p>
              The poets&rsquo; biographies are the opening words of entries in public-domain reference works, among
              them J. W. Cousin&rsquo;s <cite>A Short Biographical Dictionary of English Literature</cite> (1910), the{" "}
              <cite>Encyclop&aelig;dia Britannica</cite>, eleventh edition (1910&ndash;11), Manly and Rickert&rsquo;s{" "}
              <cite>Contemporary American Literature</cite> (1922) and the author notes of{" "}
              <cite>A Treasury of Canadian Verse</cite> (1900), all read from Project Gutenberg editions. Each
              biography names the work it comes from.
            </p>
          </li>
        </ul>
        <p>
          The whole corpus and every collection can be downloaded, with these notices, from the{" "}
          <Link to="/data">Open Data</Link> page.
        </p>
      </section>
    </article>
  );
}
