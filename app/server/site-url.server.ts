import { env } from "./env.server";

/**
 * The absolute URL of a path on the public site: SITE_URL when configured (the address behind any proxy),
 * else the origin the request arrived on.
 */
export function absoluteUrl(request: Request, pathname: string): string {
  const base = env().SITE_URL ?? new URL(request.url).origin;
  return new URL(pathname, base.endsWith("/") ? base : `${base}/`).toString();
}
