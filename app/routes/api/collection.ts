import { z } from "zod";
import { getDb } from "~/server/db.server";
import { apiLoader, jsonResponse, keyParam, notFound, parseInput, readOnlyAction } from "~/server/http.server";
import { findCollection } from "~/server/models/collection.server";
import type { Route } from "./+types/collection";

const Params = z.object({ id: keyParam("id") });

/** GET /api/collections/{id}: one book with its sections and source. */
export function loader({ request, params }: Route.LoaderArgs) {
  return apiLoader(async () => {
    const { id } = parseInput(Params, params);
    const collection = await findCollection(getDb(), id);
    if (!collection) throw notFound(`No collection with id '${id}'`);
    return jsonResponse(request, collection);
  });
}

export const action = readOnlyAction;
