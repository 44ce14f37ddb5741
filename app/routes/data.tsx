import "~/styles/data.css";
import { Link } from "react-router";
import { siteNameFromMatches, useSiteName } from "~/components/use-site-name";
import { publicPageHeaders } from "~/lib/cache-headers";
import {
  CC_BY_SA_URL,
  collectionEpubPath,
  CORPUS_DOWNLOAD_PATH,
  FACJURE_STATEMENT,
  FACJURE_URL,
  ZENUP_LICENCE,
} from "~/lib/open-data";
import { getDb } from "~/server/db.server";
import { listCollections } from "~/server/models/collection.server";
import { corpusZipIfMade } from "~/server/open-data.server";
import { absoluteUrl } from "~/server/site-url.server";
import type { Route } from "./+types/data";

// Anonymous readers all get the same page: shared caches may keep it (see app/lib/cache-headers.ts).
export const headers: Route.HeadersFunction = publicPageHeaders;

export async function loader({ request }: Route.LoaderArgs) {
  const [collections, corpus] = await Promise.all([listCollections(getDb()), corpusZipIfMade()]);
  return {
    collections: collections.map((c) => ({ id: c.id, title: c.title, author: c.poet, year: c.year })),
    corpus: corpus ? { size: corpus.size, modified: corpus.modified.toISOString() } : null,
    canonical: absoluteUrl(request, "/data"),
  };
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const site = siteNameFromMatches(matches);
  return [
    { title: `Open Data | ${site}` },
    {
      name: "description",
      content: `Download the whole ${site} corpus as JSON Lines, or any collection as an EPUB, with the sources and licences of every text.`,
    },
    ...(data ? [{ tagName: "link", rel: "canonical", href: data.canonical }] : []),
  ];
};

function megabytes(bytes: number): string {
  return `${(bytes / 1_000_000).toLocaleString("en-US", { maximumFractionDigits: 1 })} MB`;
}

export default function OpenData({ loaderData }: Route.ComponentProps) {
  const siteName = useSiteName();
  const { collections, corpus } = loaderData;
  return (
    <article className="open-data" aria-labelledby="data-title">
      <header>
        <h1 id="data-title">Open Data</h1>
        <p className="open-data__lede">
          Every poem in {siteName} is free to copy. Take the whole corpus for your own projects, or a book to read
          offline.
        </p>
      </header>

      <section aria-labelledby="corpus-title">
        <h2 id="corpus-title">The whole corpus</h2>
        <p>
          <a className="button button--primary" href={CORPUS_DOWNLOAD_PATH} download>
            Download the corpus (JSON Lines, ZIP)
          </a>
        </p>
        <p className="open-data__meta">
          {corpus
            ? `${megabytes(corpus.size)}, made ${new Date(corpus.modified).toUTCString().replace(/:\d\d GMT$/, " UTC")}.`
            : "Made on the first download."}{" "}
          Regenerated every night.
        </p>
        <p>
          The archive holds one folder with <code>poems.jsonl</code>, <code>poets.jsonl</code>,{" "}
          <code>biographies.jsonl</code> and <code>collections.jsonl</code> (one JSON object per line, each poem with
          its source edition), and the licence notices. It is the format this site imports, so{" "}
          <code>poetry import</code> reads it back as it is. The <code>poetry export</code> command writes the same
          folder, a PoetryDB-style JSON file or an EPUB for the whole corpus, one poet or one collection.
        </p>
      </section>

      <section aria-labelledby="epub-title">
        <h2 id="epub-title">Collections as EPUB</h2>
        <p>
          Each book as an EPUB 3 ebook, set out the way Standard Ebooks sets verse: a paragraph per stanza, a line per
          line, indents kept.
        </p>
        {collections.length === 0 ? (
          <p>No collections yet.</p>
        ) : (
          <ul className="open-data__books">
            {collections.map((c) => (
              <li key={c.id}>
                <a href={collectionEpubPath(c.id)} download>
                  {c.title} <span className="visually-hidden">(EPUB)</span>
                </a>
                <span className="open-data__book-meta">
                  {" "}
                  {c.author}
                  {c.year ? `, ${c.year}` : ""} · EPUB
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="licences-title">
        <h2 id="licences-title">Sources and licences</h2>
        <h3>Public domain</h3>
        <p>
          The poems are in the public domain in the United States. The complete books are Project Gutenberg eBooks
          first published before 1929, taken from the GITenberg mirrors; the shorter poems from
          facjure/public-domain-poetry are kept only for poets who died before 1929. Robert Frost&rsquo;s and T. S.
          Eliot&rsquo;s early books are public domain in the United States only: their authors died after 1954, so
          they are still protected where copyright lasts the author&rsquo;s life plus 70 years. Their poems are marked{" "}
          <code>pd_us_only</code> in the data. Poet biographies are the openings of texts published between 1890 and
          1922. The <Link to="/about">About page</Link> tells more about each source.
        </p>
        <h3>facjure/public-domain-poetry</h3>
        <p>
          Most of the shorter poems come from <a href={FACJURE_URL}>facjure/public-domain-poetry</a>, collected by
          facjure / Priyatam Mudivarti. Its notice asks that its licence travel with the poems, and every download that
          contains them carries it:
        </p>
        <blockquote className="open-data__notice">
          <p>{FACJURE_STATEMENT}</p>
        </blockquote>
        <details>
          <summary>The Zenup BSD-style licence</summary>
          <pre>{ZENUP_LICENCE}</pre>
        </details>
        <h3>Poet descriptions</h3>
        <p>
          The one-line poet descriptions come from Wikipedia&rsquo;s{" "}
          <a href="https://en.wikipedia.org/wiki/List_of_poets">List of poets</a>, by way of the{" "}
          <a href="https://github.com/briggsreschke/poets">briggsreschke/poets</a> lists. They are Wikipedia text,
          licensed under <a href={CC_BY_SA_URL}>CC BY-SA 4.0</a>, and stay under that licence wherever you use them:
          credit Wikipedia and share them alike.
        </p>
      </section>
    </article>
  );
}
