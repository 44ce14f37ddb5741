import { env } from "./env.server";

/**
 * RFC 8288 `Link` headers for paginated /api lists: absolute URLs of the first, previous, next and last pages
 * that keep every other query parameter as the client sent it, so a client can walk a list without building
 * URLs itself. Absolute against SITE_URL when set (the address behind a proxy), else the request's origin.
 */

export type PageRel = "first" | "prev" | "next" | "last";

export interface PagePosition {
  page: number;
  /** Unknown for lists that only say whether more follow (search); then there is no `last`. */
  totalPages?: number;
  hasMore?: boolean;
}

export function pageLinks(request: Request, position: PagePosition): Partial<Record<PageRel, string>> {
  const requested = new URL(request.url);
  const base = env().SITE_URL ?? requested.origin;
  const at = (page: number) => {
    const url = new URL(requested.pathname + requested.search, base.endsWith("/") ? base : `${base}/`);
    url.searchParams.set("page", String(page));
    return url.toString();
  };
  const { page, totalPages } = position;
  const links: Partial<Record<PageRel, string>> = { first: at(1) };
  if (totalPages === undefined) {
    if (page > 1) links.prev = at(page - 1);
    if (position.hasMore) links.next = at(page + 1);
    return links;
  }
  const last = Math.max(1, totalPages);
  if (page > 1) links.prev = at(Math.min(page - 1, last));
  if (page < last) links.next = at(page + 1);
  links.last = at(last);
  return links;
}

export function linkHeader(links: Partial<Record<PageRel, string>>): string {
  return (Object.entries(links) as [PageRel, string][]).map(([rel, url]) => `<${url}>; rel="${rel}"`).join(", ");
}

/**
 * The longest Link header sent. The links repeat the request's whole query string up to four times, so a long
 * one (any parameter, known or not, is kept) made a header of tens of KB that clients and proxies refuse
 * (undici's fetch fails past 16 KB of headers; nginx's default buffer is 4 KB for all of them): past this size
 * the answer has no Link header, and the page and per_page parameters still say how to walk the list.
 */
export const LINK_HEADER_MAX = 2048;

/** Adds the Link header of a page to an answer (a 304 too: it describes the same representation). */
export function withPageLinks(response: Response, request: Request, position: PagePosition): Response {
  if (response.status === 200 || response.status === 304) {
    const header = linkHeader(pageLinks(request, position));
    if (header.length <= LINK_HEADER_MAX) response.headers.set("Link", header);
  }
  return response;
}
