import { getDb } from "~/server/db.server";
import { apiLoader, readOnlyAction } from "~/server/http.server";
import { poetryDbResponse } from "~/server/poetrydb-http.server";
import type { Route } from "./+types/poetrydb";

/** GET /poetrydb/*: the PoetryDB API (github.com/thundercomb/poetrydb) over this site's poems. */
export function loader({ request }: Route.LoaderArgs) {
  return apiLoader(() => poetryDbResponse(getDb(), request));
}

export const action = readOnlyAction;
