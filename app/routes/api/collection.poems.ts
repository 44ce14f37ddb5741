import { z } from "zod";
import { getDb } from "~/server/db.server";
import { apiLoader, jsonResponse, keyParam, notFound, parseInput, readOnlyAction } from "~/server/http.server";
import { collectionExists, listCollectionPoems } from "~/server/models/collection.server";
import type { Route } from "./+types/collection.poems";

const Params = z.object({ id: keyParam("id") });

/** GET /api/collections/{id}/poems: the book's poems in book order. */
export function loader({ request, params }: Route.LoaderArgs) {
  return apiLoader(async () => {
    const { id } = parseInput(Params, params);
    const db = getDb();
    // An empty book and a missing one differ: only the latter is a 404.
    if (!(await collectionExists(db, id))) throw notFound(`No collection with id '${id}'`);
    return jsonResponse(request, { poems: await listCollectionPoems(db, id) });
  });
}

export const action = readOnlyAction;
