import { useRouteLoaderData } from "react-router";

export const DEFAULT_SITE_NAME = "Poetry Commons";

/** The site name from the root loader; the default when the root loader itself failed. */
export function useSiteName(): string {
  const data = useRouteLoaderData("root") as { siteName?: string } | undefined;
  return data?.siteName ?? DEFAULT_SITE_NAME;
}

/** The same lookup for `meta` functions, which receive the matched routes instead of hooks. */
export function siteNameFromMatches(matches: readonly ({ id: string; data?: unknown } | undefined)[]): string {
  const root = matches.find((m) => m?.id === "root")?.data as { siteName?: string } | undefined;
  return root?.siteName ?? DEFAULT_SITE_NAME;
}
