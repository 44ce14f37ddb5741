import { getDb } from "~/server/db.server";
import { apiLoader, jsonResponse, notFound, readOnlyAction } from "~/server/http.server";
import { randomPoem } from "~/server/models/poem.server";
import type { Route } from "./+types/poems.random";
import { documented, documentRoute, errorDoc } from "~/server/openapi/define.server";
import { PoemDetailSchema } from "~/server/api-shapes.server";
import { POEM_EXAMPLE } from "~/server/openapi/examples.server";

const openapi = documentRoute("/api/poems/random", {
  get: {
    tag: "Poems",
    access: "public",
    summary: "A random poem",
    description: "A different poem on every call; never cached.",
    responses: {
      200: { description: "A poem", schema: PoemDetailSchema, example: POEM_EXAMPLE },
      404: errorDoc("The database holds no poems", { error: "There are no poems yet" }),
    },
  },
});

/** GET /api/poems/random: a different poem on every call, so it is never cached. */
export const loader = documented(openapi, function loader({ request }: Route.LoaderArgs) {
  return apiLoader(async () => {
    const poem = await randomPoem(getDb());
    if (!poem) throw notFound("There are no poems yet");
    return jsonResponse(request, poem, { cache: "no-store" });
  });
});

export const action = readOnlyAction;
