import { isRouteErrorResponse, Link } from "react-router";

/** The spec's exact text for a development page opened anywhere else. */
export const ACCESS_DENIED_MESSAGE = "Access Denied: This page is only available in development mode.";

/** `<title>` and robots tags shared by the development pages (never indexed, whatever the mode). */
export function devPageMeta(title: string, site: string, error: unknown) {
  const denied = isRouteErrorResponse(error) && error.status === 403;
  return [{ title: `${denied ? "Access Denied" : title} | ${site}` }, { name: "robots", content: "noindex" }];
}

/**
 * Error view of the development pages: exactly the Access Denied text outside development (a 403 from
 * requireDevelopment), otherwise the failure itself, as a developer wants to see it.
 */
export function DevPageError({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 403) {
    return (
      <section className="access-denied" aria-labelledby="access-denied-heading">
        <h1 id="access-denied-heading">{ACCESS_DENIED_MESSAGE}</h1>
      </section>
    );
  }
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${typeof error.data === "string" ? error.data : error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <section className="error-view" aria-labelledby="dev-error-heading">
      <h1 id="dev-error-heading">Error: {message}</h1>
      <p>
        <Link to="/test">Development pages</Link>
      </p>
    </section>
  );
}
