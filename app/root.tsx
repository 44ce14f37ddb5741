import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
} from "react-router";
import { SiteHeader } from "~/components/site-header";
import { useSiteName } from "~/components/use-site-name";
import { env } from "~/server/env.server";
import type { Route } from "./+types/root";
import "./app.css";

export function loader() {
  return { siteName: env().SITE_NAME };
}

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export function Layout({ children }: { children: React.ReactNode }) {
  const siteName = useSiteName();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        <a href="#main" className="skip-link">
          Skip to content
        </a>
        <SiteHeader siteName={siteName} />
        <main id="main" tabIndex={-1} className="site-main">
          {children}
        </main>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const siteName = useSiteName();
  let status = 500;
  let message = "Something went wrong on our side. Please try again later.";
  let stack: string | undefined;

  if (isRouteErrorResponse(error)) {
    status = error.status;
    if (status === 404) message = "The page you were looking for could not be found.";
    else if (typeof error.data === "string" && error.data) message = error.data;
    else message = error.statusText || message;
  } else if (import.meta.env.DEV && error instanceof Error) {
    message = error.message;
    stack = error.stack;
  }

  return (
    <section className="error-view" aria-labelledby="error-heading">
      <title>{`${status === 404 ? "Page not found" : "Error"} | ${siteName}`}</title>
      <h1 id="error-heading">Unexpected Application Error!</h1>
      <p className="error-view__status">{status}</p>
      <p>{message}</p>
      {stack && <pre className="error-view__stack">{stack}</pre>}
      <p>
        <Link to="/">Return home</Link>
      </p>
    </section>
  );
}
