import { getDb } from "~/server/db.server";
import { jsonError, jsonResponse, readOnlyAction } from "~/server/http.server";
import { checkDatabase } from "~/server/models/stats.server";
import type { Route } from "./+types/health";
import { documented, documentRoute } from "~/server/openapi/define.server";
import { HealthSchema, UnhealthySchema } from "~/server/api-shapes.server";

const openapi = documentRoute("/api/health", {
  get: {
    tag: "Service",
    access: "public",
    summary: "Whether the site and its database answer",
    description: "Never cached.",
    responses: {
      200: { description: "The database answered", schema: HealthSchema, example: { status: "ok", database: "ok" } },
      503: {
        description: "The database did not answer",
        schema: UnhealthySchema,
        example: { status: "error", database: "unreachable" },
      },
    },
  },
});

/** GET /api/health: 200 when the database answers a trivial query, else 503; never cached. */
export const loader = documented(openapi, async function loader({ request }: Route.LoaderArgs) {
  let healthy = false;
  try {
    healthy = await checkDatabase(getDb());
  } catch {
    // getDb() itself can throw (a bad configuration); that is an unreachable database too.
  }
  if (!healthy) return jsonError(503, { status: "error", database: "unreachable" });
  return jsonResponse(request, { status: "ok", database: "ok" }, { cache: "no-store" });
});

export const action = readOnlyAction;
