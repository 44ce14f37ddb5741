import { getDb } from "~/server/db.server";
import { apiLoader, jsonResponse, readOnlyAction } from "~/server/http.server";
import { listCollections } from "~/server/models/collection.server";
import type { Route } from "./+types/collections";
import { documented, documentRoute } from "~/server/openapi/define.server";
import { CollectionSchema } from "~/server/api-shapes.server";
import { COLLECTION_EXAMPLE } from "~/server/openapi/examples.server";
import { z } from "zod";

const openapi = documentRoute("/api/collections", {
  get: {
    tag: "Collections",
    access: "public",
    summary: "Every book in the corpus",
    responses: {
      200: {
        description: "The collections",
        schema: z.object({ collections: z.array(CollectionSchema) }),
        example: { collections: [COLLECTION_EXAMPLE] },
      },
    },
  },
});

/** GET /api/collections: every book. */
export const loader = documented(openapi, function loader({ request }: Route.LoaderArgs) {
  return apiLoader(async () => jsonResponse(request, { collections: await listCollections(getDb()) }));
});

export const action = readOnlyAction;
