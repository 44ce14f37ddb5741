import "~/styles/dev-pages.css";
import { Link } from "react-router";
import { siteNameFromMatches } from "~/components/use-site-name";
import { requireDevelopment } from "~/server/dev-only.server";
import { env } from "~/server/env.server";
import type { Route } from "./+types/index";
import { DevPageError, devPageMeta } from "./dev-only-boundary";

const PAGES = [
  { href: "/testpoem", title: "Card showcase", about: "Poem cards and author cards (and their list tables) with real data." },
  { href: "/test/auth", title: "Auth state", about: "What the site knows about the visitor's sign-in." },
  { href: "/test/favorite", title: "Favorite toggle", about: "The favorite button on a real poem, as a visitor sees it." },
  { href: "/test/api", title: "API health", about: "Calls /api/health and /api/stats from the server and shows the answers." },
];

export function loader() {
  requireDevelopment();
  const e = env();
  return { pages: PAGES, environment: { nodeEnv: e.NODE_ENV, database: e.DATABASE_URL ? "PostgreSQL" : "PGlite" } };
}

export const meta: Route.MetaFunction = ({ error, matches }) =>
  devPageMeta("Development pages", siteNameFromMatches(matches), error);

export default function TestIndex({ loaderData }: Route.ComponentProps) {
  const { pages, environment } = loaderData;
  return (
    <section className="dev-page" aria-labelledby="dev-title">
      <h1 id="dev-title">Development pages</h1>
      <p className="dev-page__note">
        Showcases and health checks for developers. Running with NODE_ENV={environment.nodeEnv} on{" "}
        {environment.database}; in production every page here answers 403 Access Denied.
      </p>
      <ul className="dev-page__index">
        {pages.map((page) => (
          <li key={page.href}>
            <Link to={page.href}>{page.title}</Link> <code>{page.href}</code>
            <p>{page.about}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <DevPageError error={error} />;
}
