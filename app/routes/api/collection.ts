import { z } from "zod";
import { getDb } from "~/server/db.server";
import { apiLoader, jsonResponse, keyParam, notFound, parseInput, readOnlyAction } from "~/server/http.server";
import { findCollection } from "~/server/models/collection.server";
import type { Route } from "./+types/collection";
import { documented, documentRoute, errorDoc } from "~/server/openapi/define.server";
import { CollectionDetailSchema } from "~/server/api-shapes.server";
import { COLLECTION_DETAIL_EXAMPLE } from "~/server/openapi/examples.server";

const Params = z.object({ id: keyParam("id") });

const openapi = documentRoute("/api/collections/{id}", {
  get: {
    tag: "Collections",
    access: "public",
    summary: "One book with its sections and source",
    params: Params,
    responses: {
      200: { description: "The collection", schema: CollectionDetailSchema, example: COLLECTION_DETAIL_EXAMPLE },
      404: errorDoc("No collection has this id", { error: "No collection with id 'nothing'" }),
    },
  },
});

/** GET /api/collections/{id}: one book with its sections and source. */
export const loader = documented(openapi, function loader({ request, params }: Route.LoaderArgs) {
  return apiLoader(async () => {
    const { id } = parseInput(Params, params);
    const collection = await findCollection(getDb(), id);
    if (!collection) throw notFound(`No collection with id '${id}'`);
    return jsonResponse(request, collection);
  });
});

export const action = readOnlyAction;
