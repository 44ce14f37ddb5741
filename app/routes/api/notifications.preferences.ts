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
import {
  documented,
  documentRoute,
  errorDoc,
  FOREIGN_ORIGIN_403,
  JSON_ONLY_415,
  SIGN_IN_401,
} from "~/server/openapi/define.server";
import { NotificationPreferencesAnswerSchema } from "~/server/api-shapes.server";
import type { z } from "zod";
import { PreferencesBody } from "~/server/push/api-schemas.server";

const PREFERENCES_EXAMPLE = {
  daily_poem: true,
  weekly_digest: false,
  author_updates: false,
  product_updates: false,
  daily_poem_time_minutes: 480,
  timezone: "Europe/London",
  next_daily_poem_at_utc: "2026-11-24T08:00:00.000Z",
};

const openapi = documentRoute("/api/notifications/preferences", {
  get: {
    tag: "Notifications",
    access: "personal",
    summary: "The signed-in reader's notification preferences",
    description: "They belong to the account: every browser subscription of the reader follows them.",
    responses: {
      200: { description: "The preferences", schema: NotificationPreferencesAnswerSchema, example: PREFERENCES_EXAMPLE },
      401: SIGN_IN_401,
    },
  },
  put: {
    tag: "Notifications",
    access: "personal",
    summary: "Changes some of the signed-in reader's notification preferences",
    description: "Any subset of the fields, at least one. Needs an Origin (or Referer) naming this site.",
    body: PreferencesBody,
    responses: {
      200: { description: "The whole new set", schema: NotificationPreferencesAnswerSchema, example: PREFERENCES_EXAMPLE },
      400: errorDoc("A field that is not a preference or has a wrong value, or an empty change", {
        error: "timezone must be an IANA time zone name such as Europe/London",
        parameter: "timezone",
      }),
      401: SIGN_IN_401,
      403: FOREIGN_ORIGIN_403,
      415: JSON_ONLY_415,
    },
  },
});

function answer(request: Request, preferences: NotificationPreferences, now: Date): Response {
  const next = nextDailyPoemAt(preferences, now);
  const answer: z.infer<typeof NotificationPreferencesAnswerSchema> = {
    ...preferences,
    next_daily_poem_at_utc: next?.toISOString() ?? null,
  };
  return jsonResponse(request, answer, { cache: "no-store" });
}

/**
 * GET /api/notifications/preferences: the signed-in reader's `daily_poem`, `weekly_digest`, `author_updates`,
 * `product_updates`, `daily_poem_time_minutes` (0–1439), `timezone` (IANA) and `next_daily_poem_at_utc` (ISO
 * instant of the next daily poem, or null when it is off). Preferences belong to the account: every one of its
 * browsers' subscriptions follows them. 401 when signed out.
 */
export const loader = documented(openapi, function loader({ request }: Route.LoaderArgs) {
  return apiLoader(async () => {
    const user = await requireApiUser(request);
    return answer(request, await getPreferences(getDb(), user.id), new Date());
  });
});

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
