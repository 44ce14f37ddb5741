import { getDb } from "~/server/db.server";
import { apiLoader, jsonResponse, readOnlyAction } from "~/server/http.server";
import { listCollections } from "~/server/models/collection.server";
import type { Route } from "./+types/collections";

/** GET /api/collections: every book. */
export function loader({ request }: Route.LoaderArgs) {
  return apiLoader(async () => jsonResponse(request, { collections: await listCollections(getDb()) }));
}

export const action = readOnlyAction;
