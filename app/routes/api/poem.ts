import { z } from "zod";
import { getDb } from "~/server/db.server";
import { apiLoader, jsonResponse, keyParam, notFound, parseInput, readOnlyAction } from "~/server/http.server";
import { findPoem } from "~/server/models/poem.server";
import { declareShown } from "~/server/response-dependencies.server";
import type { Route } from "./+types/poem";
import { documented, documentRoute, errorDoc } from "~/server/openapi/define.server";
import { PoemDetailSchema } from "~/server/api-shapes.server";
import { POEM_EXAMPLE } from "~/server/openapi/examples.server";

const Params = z.object({ id: keyParam("id") });

const openapi = documentRoute("/api/poems/{id}", {
  get: {
    tag: "Poems",
    access: "public",
    summary: "One poem in full, by id or slug",
    params: Params,
    responses: {
      200: { description: "The poem", schema: PoemDetailSchema, example: POEM_EXAMPLE },
      404: errorDoc("No poem has this id or slug", { error: "No poem with id or slug 'nowhere'" }),
    },
  },
});

/** GET /api/poems/{id}: one poem, by id or slug, in full. */
export const loader = documented(openapi, function loader({ request, params, context }: Route.LoaderArgs) {
  return apiLoader(async () => {
    const { id } = parseInput(Params, params);
    const poem = await findPoem(getDb(), id);
    if (!poem) throw notFound(`No poem with id or slug '${id}'`);
    // Its favorite count is the only one it shows: other poems' favorites leave the cached answer alone.
    declareShown(context, [poem.id]);
    return jsonResponse(request, poem);
  });
});

export const action = readOnlyAction;
