/**
 * Cache headers of pages every anonymous reader sees alike. Browsers revalidate each time (max-age=0, with the
 * ETag the server's response cache adds); shared caches, the in-process one included
 * (app/server/response-cache.server.ts), keep them five minutes and may serve them stale while refetching.
 * Data changes drop what they touched from the in-process cache at once (an import everything, a favorite that
 * poem's answers and the lists that show counts). Signed-in readers' responses are turned private by that
 * cache's middleware, whatever a route declares (it keeps some of them per session, never shared).
 */
export const PUBLIC_PAGE_CACHE = "public, max-age=0, s-maxage=300, stale-while-revalidate=86400";

/** A route's `headers` export for a public page; a thrown error response keeps its own headers. */
export function publicPageHeaders({ errorHeaders }: { errorHeaders?: Headers }): HeadersInit {
  if (errorHeaders) return errorHeaders;
  return { "Cache-Control": PUBLIC_PAGE_CACHE };
}
