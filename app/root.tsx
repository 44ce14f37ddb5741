import type { ReactNode } from "react";
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from "react-router";
import { PreferencesProvider, usePreferences } from "~/components/header/preferences";
import { ServiceWorkerRegistration } from "~/components/service-worker";
import { SiteHeader } from "~/components/site-header";
import { useSiteName } from "~/components/use-site-name";
import { DEFAULT_PREFERENCES, preferenceAttributes, type ReadingPreferences } from "~/lib/reading-preferences";
import { preferencesFromCookieHeader } from "~/server/preferences-form.server";
import { getUser } from "~/server/auth/auth.server";
import { getDb } from "~/server/db.server";
import { oidcSettings } from "~/server/auth/oidc/oidc.server";
import { env } from "~/server/env.server";
import type { Route } from "./+types/root";
import "./styles/fonts.css";
import "./styles/theme.css";
import "./app.css";
import "./styles/header.css";

export async function loader({ request, context }: Route.LoaderArgs) {
  return {
    siteName: env().SITE_NAME,
    // The OpenID Connect provider's name for the 'Sign in with …' button, or null when it is not configured.
    oidcName: oidcSettings()?.name ?? null,
    // Read on every request so the first paint already has the reader's theme, font and size.
    preferences: preferencesFromCookieHeader(request.headers.get("Cookie")),
    // Only what the header shows. A database outage must not take every page down: it reads as signed out.
    user: await getUser(request, getDb(), context)
      .then((user) => (user ? { firstName: user.firstName } : null))
      .catch((error: unknown) => {
        console.error("Could not read the session:", error);
        return null;
      }),
  };
}

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export function Layout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData("root") as { preferences?: ReadingPreferences } | undefined;
  return (
    <PreferencesProvider server={root?.preferences ?? DEFAULT_PREFERENCES}>
      <Document>{children}</Document>
    </PreferencesProvider>
  );
}

function Document({ children }: { children: ReactNode }) {
  const siteName = useSiteName();
  const { preferences } = usePreferences();
  return (
    <html lang="en" {...preferenceAttributes(preferences)}>
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
        <ServiceWorkerRegistration />
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
      <p className="error-view__status" aria-hidden="true">
        {status}
      </p>
      <h1 id="error-heading" className="error-view__title">
        Unexpected Application Error!
      </h1>
      <p className="error-view__message">
        <span className="visually-hidden">Error {status}: </span>
        {message}
      </p>
      {stack && <pre className="error-view__stack">{stack}</pre>}
      <ul className="error-view__links">
        <li>
          <Link to="/" className="button button--primary">
            Return home
          </Link>
        </li>
        {status === 404 && (
          <>
            <li>
              <Link to="/poems" className="button">
                Browse poems
              </Link>
            </li>
            <li>
              <Link to="/authors" className="button">
                Browse poets
              </Link>
            </li>
          </>
        )}
      </ul>
    </section>
  );
}
