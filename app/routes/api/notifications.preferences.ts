import { requireApiUser } from "~/server/auth/auth.server";
import { requireSameOrigin } from "~/server/auth/origin.server";
import { getDb } from "~/server/db.server";
import { apiLoader, jsonError, jsonResponse } from "~/server/http.server";
import {
  getPreferences,
  type NotificationPreferences,
  nextDailyPoemAt,
  updatePreferences,
} from "~/server/models/notification.server";
import { jsonBody, parsePreferences } from "~/server/push/api-schemas.server";
import type { Route } from "./+types/notifications.preferences";

function answer(request: Request, preferences: NotificationPreferences, now: Date): Response {
  const next = nextDailyPoemAt(preferences, now);
  return jsonResponse(request, { ...preferences, next_daily_poem_at_utc: next?.toISOString() ?? null }, { cache: "no-store" });
}

/**
 * GET /api/notifications/preferences: the signed-in reader's `daily_poem`, `weekly_digest`, `author_updates`,
 * `product_updates`, `daily_poem_time_minutes` (0–1439), `timezone` (IANA) and `next_daily_poem_at_utc` (ISO
 * instant of the next daily poem, or null when it is off). Preferences belong to the account: every one of its
 * browsers' subscriptions follows them. 401 when signed out.
 */
export function loader({ request }: Route.LoaderArgs) {
  return apiLoader(async () => {
    const user = await requireApiUser(request);
    return answer(request, await getPreferences(getDb(), user.id), new Date());
  });
}

/** PUT: any subset of the fields above (at least one); answers the whole new set like GET. */
export function action({ request }: Route.ActionArgs) {
  return apiLoader(async () => {
    if (request.method !== "PUT") {
      const response = jsonError(405, { error: "Method not allowed: this endpoint answers GET and PUT only" });
      response.headers.set("Allow", "GET, HEAD, PUT");
      return response;
    }
    requireSameOrigin(request, "api");
    const user = await requireApiUser(request);
    const change = parsePreferences(await jsonBody(request));
    const now = new Date();
    return answer(request, await updatePreferences(getDb(), user.id, change, now), now);
  });
}
