import { getDb } from "~/server/db.server";
import { apiLoader, jsonResponse, notFound, readOnlyAction } from "~/server/http.server";
import { randomPoem } from "~/server/models/poem.server";
import type { Route } from "./+types/poems.random";

/** GET /api/poems/random: a different poem on every call, so it is never cached. */
export function loader({ request }: Route.LoaderArgs) {
  return apiLoader(async () => {
    const poem = await randomPoem(getDb());
    if (!poem) throw notFound("There are no poems yet");
    return jsonResponse(request, poem, { cache: "no-store" });
  });
}

export const action = readOnlyAction;
