import { apiLoader, jsonResponse, readOnlyAction } from "~/server/http.server";
import { vapidKeys } from "~/server/push/vapid.server";
import type { Route } from "./+types/notifications.public-key";

/** GET /api/notifications/public_key: `{vapidPublicKey}`, the applicationServerKey browsers subscribe with. */
export function loader({ request }: Route.LoaderArgs) {
  return apiLoader(async () => jsonResponse(request, { vapidPublicKey: vapidKeys().publicKey }));
}

export const action = readOnlyAction;
