import { getDb } from "~/server/db.server";
import { jsonError, jsonResponse, readOnlyAction } from "~/server/http.server";
import { checkDatabase } from "~/server/models/stats.server";
import type { Route } from "./+types/health";

/** GET /api/health: 200 when the database answers a trivial query, else 503; never cached. */
export async function loader({ request }: Route.LoaderArgs) {
  let healthy = false;
  try {
    healthy = await checkDatabase(getDb());
  } catch {
    // getDb() itself can throw (a bad configuration); that is an unreachable database too.
  }
  if (!healthy) return jsonError(503, { status: "error", database: "unreachable" });
  return jsonResponse(request, { status: "ok", database: "ok" }, { cache: "no-store" });
}

export const action = readOnlyAction;
