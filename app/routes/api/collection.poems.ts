import { z } from "zod";
import { getDb } from "~/server/db.server";
import { apiLoader, jsonResponse, keyParam, notFound, parseInput, readOnlyAction } from "~/server/http.server";
import { collectionExists, listCollectionPoems } from "~/server/models/collection.server";
import type { Route } from "./+types/collection.poems";
import { documented, documentRoute, errorDoc } from "~/server/openapi/define.server";
import { CollectionPoemItemSchema } from "~/server/api-shapes.server";
import { POEM_LIST_ITEM_EXAMPLE } from "~/server/openapi/examples.server";

const Params = z.object({ id: keyParam("id") });

const openapi = documentRoute("/api/collections/{id}/poems", {
  get: {
    tag: "Collections",
    access: "public",
    summary: "A book's poems in book order",
    params: Params,
    responses: {
      200: {
        description: "The poems, each with its place in the book",
        schema: z.object({ poems: z.array(CollectionPoemItemSchema) }),
        example: { poems: [{ ...POEM_LIST_ITEM_EXAMPLE, sequence_number: 1, section: null, number: "I" }] },
      },
      404: errorDoc("No collection has this id", { error: "No collection with id 'nothing'" }),
    },
  },
});

/** GET /api/collections/{id}/poems: the book's poems in book order. */
export const loader = documented(openapi, function loader({ request, params }: Route.LoaderArgs) {
  return apiLoader(async () => {
    const { id } = parseInput(Params, params);
    const db = getDb();
    // An empty book and a missing one differ: only the latter is a 404.
    if (!(await collectionExists(db, id))) throw notFound(`No collection with id '${id}'`);
    return jsonResponse(request, { poems: await listCollectionPoems(db, id) });
  });
});

export const action = readOnlyAction;
