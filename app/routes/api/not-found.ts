import { jsonError } from "~/server/http.server";
import type { Route } from "./+types/not-found";

/** Any other /api/... path: a JSON 404, never the HTML not-found page. */
export function loader({ params }: Route.LoaderArgs) {
  return jsonError(404, { error: `No API endpoint at /api/${params["*"] ?? ""}` });
}

/** Writes to unknown API paths are also a JSON 404. */
export function action({ params }: Route.ActionArgs) {
  return jsonError(404, { error: `No API endpoint at /api/${params["*"] ?? ""}` });
}
