import { z } from "zod";
import { getDb } from "~/server/db.server";
import { apiLoader, jsonResponse, keyParam, notFound, parseInput, readOnlyAction } from "~/server/http.server";
import { findPoet } from "~/server/models/poet.server";
import type { Route } from "./+types/author";

const Params = z.object({ directory: keyParam("directory") });

/** GET /api/authors/{directory}: one poet. */
export function loader({ request, params }: Route.LoaderArgs) {
  return apiLoader(async () => {
    const { directory } = parseInput(Params, params);
    const poet = await findPoet(getDb(), directory);
    if (!poet) throw notFound(`No poet with directory '${directory}'`);
    return jsonResponse(request, poet);
  });
}

export const action = readOnlyAction;
