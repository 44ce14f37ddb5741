import { z } from "zod";

/**
 * The state of a list screen lives in its URL (`?page=2&view=list&sort=title&dir=desc&q=…`) so every
 * control works as a plain link or GET form without JavaScript. Bad values fall back to defaults: a
 * reader who edits a URL by hand gets a page, not an error.
 */
export type ViewMode = "cards" | "list";
export type SortDirection = "asc" | "desc";

export interface ListParams<S extends string> {
  page: number;
  view: ViewMode;
  sort: S;
  dir: SortDirection;
  q: string;
  perPage: number;
}

export interface ListConfig<S extends string> {
  sorts: readonly S[];
  defaultSort: S;
  defaultDir?: SortDirection;
  pageSizes: { cards: number; list: number };
  defaultView?: ViewMode;
}

export function parseListParams<S extends string>(search: URLSearchParams, config: ListConfig<S>): ListParams<S> {
  const view = z.enum(["cards", "list"]).catch(config.defaultView ?? "cards").parse(search.get("view") ?? undefined);
  const sort = z
    .enum(config.sorts as unknown as [S, ...S[]])
    .catch(config.defaultSort)
    .parse(search.get("sort") ?? undefined) as S;
  return {
    page: z.coerce.number().int().min(1).max(100_000).catch(1).parse(search.get("page") ?? 1),
    view,
    sort,
    dir: z.enum(["asc", "desc"]).catch(config.defaultDir ?? "asc").parse(search.get("dir") ?? undefined),
    q: (search.get("q") ?? "").trim().slice(0, 200),
    perPage: config.pageSizes[view],
  };
}

/**
 * A link to the same list with some parameters changed. Changing anything but the page returns to page 1
 * (the spec: a new view mode, sort or filter starts over); parameters equal to their default are dropped.
 */
export function listHref(
  pathname: string,
  current: URLSearchParams,
  changes: Record<string, string | number | null | undefined>,
): string {
  const next = new URLSearchParams(current);
  if (!("page" in changes)) next.delete("page");
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === undefined || value === "" || (key === "page" && Number(value) === 1)) next.delete(key);
    else next.set(key, String(value));
  }
  const query = next.toString();
  return query ? `${pathname}?${query}` : pathname;
}

export function totalPages(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}

/**
 * The page numbers a pager shows: five around the current page, plus the first and last, with `null`
 * where an ellipsis stands for skipped pages.
 */
export function pageWindow(page: number, pages: number, size = 5): (number | null)[] {
  if (pages <= size + 2) return Array.from({ length: pages }, (_, i) => i + 1);
  let start = Math.max(2, page - Math.floor(size / 2));
  let end = start + size - 1;
  if (end > pages - 1) {
    end = pages - 1;
    start = end - size + 1;
  }
  const middle = Array.from({ length: end - start + 1 }, (_, i) => start + i);
  return [1, ...(start > 2 ? [null] : []), ...middle, ...(end < pages - 1 ? [null] : []), pages];
}
