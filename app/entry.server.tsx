import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { env } from "~/server/env.server";
import { errorPageHtml } from "~/server/error-response.server";
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from "~/server/http.server";

/**
 * React Router's default Node entry, plus the Content-Security-Policy nonce the express server made for this
 * response (app/server/security-headers.server.ts): <ServerRouter nonce> puts it on React Router's inline
 * scripts and is the default of <Scripts> and <ScrollRestoration>; renderToPipeableStream's option puts it
 * on React's own streaming scripts. Without the express server (react-router dev) there is no nonce and no CSP.
 */

export const streamTimeout = 5_000;

// Requests one of whose loaders failed because the database is unreachable. React Router hands the entry only
// a sanitized "Unexpected Server Error" in production, so handleError (which sees the real error first) marks them.
const databaseDown = new WeakSet<Request>();

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (isDatabaseUnavailable(error)) {
    databaseDown.add(request);
    // One line per request: an outage must not flood the log with identical stacks.
    console.error(`${request.method} ${new URL(request.url).pathname}: database unavailable (${(error as Error).message})`);
    return;
  }
  // What React Router logs when no handleError is exported.
  // (A route error response made from a thrown Error carries it as `error`.)
  const cause = isRouteErrorResponse(error) ? ((error as { error?: unknown }).error ?? error) : error;
  if (!request.signal.aborted) console.error(cause);
};

/**
 * A screen whose loader could not reach the database is a 503 (never a 500, whichever route it was): the
 * site's error page saying so, not the route's error boundary, which only knows "something went wrong".
 */
function databaseDownPage(routerContext: EntryContext, headers: Headers): Response {
  headers.set("Content-Type", "text/html; charset=utf-8");
  headers.set("Cache-Control", "no-store");
  const page = { siteName: env().SITE_NAME, stylesheets: routerContext.manifest.routes.root?.css ?? [] };
  return new Response(errorPageHtml(503, DATABASE_UNAVAILABLE_MESSAGE, page), { status: 503, headers });
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  if (responseStatusCode >= 500 && databaseDown.has(request)) return databaseDownPage(routerContext, responseHeaders);
  const nonce = loadContext?.cspNonce;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole document at once rather than streamed.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    // Abort after streamTimeout, leaving time to flush the rejected boundaries.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html");
          pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell is ready are logged by React Router when the promise rejects.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
