import { env } from "../env.server";

/**
 * Cross-site request forgery defence for every state-changing request, on top of the SameSite=Lax session
 * cookie: a browser's POST carries Origin (or at least Referer), and it must name this site's host. A request
 * with neither (curl, server-to-server) carries no ambient browser credentials to abuse, so it passes.
 */
export function isSameOriginRequest(request: Request, siteUrl: string | undefined = env().SITE_URL): boolean {
  const source = request.headers.get("Origin") ?? request.headers.get("Referer");
  if (source === null) return true;
  let sourceHost: string;
  try {
    sourceHost = new URL(source).host;
  } catch {
    return false; // "null" (sandboxed frames, file: pages) or garbage
  }
  const allowed = new Set<string>([new URL(request.url).host]);
  const host = request.headers.get("Host");
  if (host) allowed.add(host);
  if (siteUrl) allowed.add(new URL(siteUrl).host);
  return allowed.has(sourceHost);
}

export const CROSS_SITE_MESSAGE = "This form was sent from another site and has been refused.";

/** Throws a 403 Response unless the request comes from this site's own pages. */
export function requireSameOrigin(request: Request, kind: "page" | "api" = "page"): void {
  if (isSameOriginRequest(request)) return;
  if (kind === "api") {
    throw new Response(JSON.stringify({ error: CROSS_SITE_MESSAGE }), {
      status: 403,
      headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  throw new Response(CROSS_SITE_MESSAGE, { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
