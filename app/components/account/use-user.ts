import { useRouteLoaderData } from "react-router";

/** The signed-in reader as the root loader gives it to every page, or null when signed out. */
export interface SessionUser {
  firstName: string;
}

export function useUser(): SessionUser | null {
  const root = useRouteLoaderData("root") as { user?: SessionUser | null } | undefined;
  return root?.user ?? null;
}
