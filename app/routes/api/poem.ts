import { z } from "zod";
import { getDb } from "~/server/db.server";
import { apiLoader, jsonResponse, keyParam, notFound, parseInput, readOnlyAction } from "~/server/http.server";
import { findPoem } from "~/server/models/poem.server";
import type { Route } from "./+types/poem";

const Params = z.object({ id: keyParam("id") });

/** GET /api/poems/{id}: one poem, by id or slug, in full. */
export function loader({ request, params }: Route.LoaderArgs) {
  return apiLoader(async () => {
    const { id } = parseInput(Params, params);
    const poem = await findPoem(getDb(), id);
    if (!poem) throw notFound(`No poem with id or slug '${id}'`);
    return jsonResponse(request, poem);
  });
}

export const action = readOnlyAction;
