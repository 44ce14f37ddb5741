import { requireApiUser } from "~/server/auth/auth.server";
import { requireSameOrigin } from "~/server/auth/origin.server";
import { getDb } from "~/server/db.server";
import { apiLoader, jsonError, jsonResponse, notFound, parseInput } from "~/server/http.server";
import { deleteSubscription, saveSubscription } from "~/server/models/notification.server";
import { jsonBody, SubscriptionBody, UnsubscribeBody } from "~/server/push/api-schemas.server";
import type { Route } from "./+types/notifications.subscribe";

const ALLOW = "POST, DELETE";

function methodNotAllowed(): Response {
  const response = jsonError(405, { error: `Method not allowed: this endpoint answers ${ALLOW} only` });
  response.headers.set("Allow", ALLOW);
  return response;
}

/**
 * POST /api/notifications/subscribe stores the browser's push subscription `{endpoint, keys: {p256dh, auth}}`
 * for the signed-in reader (notifications need sign-in: 401 otherwise) and answers 201 with its next daily
 * time; DELETE with `{endpoint}` removes the reader's own subscription (404 if they have none with it).
 */
export function action({ request }: Route.ActionArgs) {
  return apiLoader(async () => {
    if (request.method !== "POST" && request.method !== "DELETE") return methodNotAllowed();
    requireSameOrigin(request, "api");
    const user = await requireApiUser(request);
    const db = getDb();
    if (request.method === "POST") {
      const subscription = parseInput(SubscriptionBody, await jsonBody(request));
      const saved = await saveSubscription(db, user.id, subscription);
      const next = saved.next_due_at ? new Date(saved.next_due_at).toISOString() : null;
      return jsonResponse(request, { subscribed: true, next_daily_poem_at_utc: next }, { cache: "no-store", status: 201 });
    }
    const { endpoint } = parseInput(UnsubscribeBody, await jsonBody(request));
    if (!(await deleteSubscription(db, user.id, endpoint))) throw notFound("No subscription of yours with this endpoint");
    return jsonResponse(request, { subscribed: false }, { cache: "no-store" });
  });
}

export const loader = methodNotAllowed;
