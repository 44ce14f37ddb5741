import { z } from "zod";
import { getDb } from "~/server/db.server";
import { apiLoader, jsonResponse, keyParam, notFound, parseInput, readOnlyAction } from "~/server/http.server";
import { findPoet } from "~/server/models/poet.server";
import type { Route } from "./+types/author";
import { documented, documentRoute, errorDoc } from "~/server/openapi/define.server";
import { PoetSchema } from "~/server/api-shapes.server";
import { POET_EXAMPLE } from "~/server/openapi/examples.server";

const Params = z.object({ directory: keyParam("directory") });

const openapi = documentRoute("/api/authors/{directory}", {
  get: {
    tag: "Poets",
    access: "public",
    summary: "One poet, by directory name",
    params: Params,
    responses: {
      200: { description: "The poet", schema: PoetSchema, example: POET_EXAMPLE },
      404: errorDoc("No poet has this directory", { error: "No poet with directory 'nobody'" }),
    },
  },
});

/** GET /api/authors/{directory}: one poet. */
export const loader = documented(openapi, function loader({ request, params }: Route.LoaderArgs) {
  return apiLoader(async () => {
    const { directory } = parseInput(Params, params);
    const poet = await findPoet(getDb(), directory);
    if (!poet) throw notFound(`No poet with directory '${directory}'`);
    return jsonResponse(request, poet);
  });
});

export const action = readOnlyAction;
