import "~/styles/dev-pages.css";
import { CollectionCards, CollectionTable } from "~/components/collection-card";
import { PoemCards, PoemTable } from "~/components/poem-card";
import { PoetCards, PoetTable } from "~/components/poet-card";
import { siteNameFromMatches } from "~/components/use-site-name";
import { getDb } from "~/server/db.server";
import { requireDevelopment } from "~/server/dev-only.server";
import { searchCollections } from "~/server/models/collection.server";
import { listPoems } from "~/server/models/poem.server";
import { listPoets } from "~/server/models/poet.server";
import type { Route } from "./+types/poem";
import { DevPageError, devPageMeta } from "./dev-only-boundary";

const SAMPLE = 4;

/** /testpoem: every card and table style of the site, filled with real rows from the database. */
export async function loader() {
  requireDevelopment();
  const db = getDb();
  const [poems, poets, books] = await Promise.all([
    listPoems(db, { page: 1, perPage: SAMPLE, sort: "title" }),
    listPoets(db, { page: 1, perPage: SAMPLE, sort: "count" }),
    searchCollections(db, { page: 1, perPage: 2, sort: "count", order: "desc" }),
  ]);
  return { poems: poems.poems, poets: poets.poets, collections: books.collections };
}

export const meta: Route.MetaFunction = ({ error, matches }) =>
  devPageMeta("Card showcase", siteNameFromMatches(matches), error);

export default function CardShowcase({ loaderData }: Route.ComponentProps) {
  const { poems, poets, collections } = loaderData;
  return (
    <section className="dev-page" aria-labelledby="dev-title">
      <h1 id="dev-title">Card showcase</h1>
      <p className="dev-page__note">Real rows from the database in every card and list style the site uses.</p>
      {poems.length === 0 && <p className="dev-page__note">The database has no poems yet: import the corpus first.</p>}

      <section className="dev-page__section" aria-labelledby="poem-cards">
        <h2 id="poem-cards">Poem cards</h2>
        <PoemCards poems={poems} headingLevel={3} />
        <h3>Poem list</h3>
        <PoemTable poems={poems} caption="Poem list sample" />
        <h3>Numbered, as in a collection</h3>
        <PoemTable poems={poems} numbered showAuthor={false} showYear={false} caption="Numbered poem list sample" />
      </section>

      <section className="dev-page__section" aria-labelledby="author-cards">
        <h2 id="author-cards">Author cards</h2>
        <PoetCards poets={poets} />
        <h3>Author list</h3>
        <PoetTable poets={poets} />
      </section>

      <section className="dev-page__section" aria-labelledby="collection-cards">
        <h2 id="collection-cards">Collection cards</h2>
        <CollectionCards collections={collections} />
        <h3>Collection list</h3>
        <CollectionTable collections={collections} />
      </section>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <DevPageError error={error} />;
}
