import { requireApiUser } from "~/server/auth/auth.server";
import { requireSameOrigin } from "~/server/auth/origin.server";
import { getDb } from "~/server/db.server";
import { apiLoader, jsonError, jsonResponse, notFound, parseInput } from "~/server/http.server";
import { deleteSubscription, saveSubscription } from "~/server/models/notification.server";
import { jsonBody, SubscriptionBody, UnsubscribeBody } from "~/server/push/api-schemas.server";
import type { Route } from "./+types/notifications.subscribe";
import {
  documented,
  documentRoute,
  errorDoc,
  FOREIGN_ORIGIN_403,
  JSON_ONLY_415,
  SIGN_IN_401,
} from "~/server/openapi/define.server";
import { SubscribedSchema, UnsubscribedSchema } from "~/server/api-shapes.server";
import type { z } from "zod";

const ALLOW = "POST, DELETE";

function methodNotAllowed(): Response {
  const response = jsonError(405, { error: `Method not allowed: this endpoint answers ${ALLOW} only` });
  response.headers.set("Allow", ALLOW);
  return response;
}


const openapi = documentRoute("/api/notifications/subscribe", {
  post: {
    tag: "Notifications",
    access: "personal",
    summary: "Stores this browser's push subscription for the signed-in reader",
    description: "The body is PushSubscription.toJSON(). Needs an Origin (or Referer) naming this site.",
    body: SubscriptionBody,
    responses: {
      201: {
        description: "Subscribed; when the next daily poem is due",
        schema: SubscribedSchema,
        example: { subscribed: true, next_daily_poem_at_utc: "2026-11-24T08:00:00.000Z" },
      },
      400: errorDoc("A body that is not a push subscription", {
        error: "endpoint must be the push service's https URL",
        parameter: "endpoint",
      }),
      401: SIGN_IN_401,
      403: FOREIGN_ORIGIN_403,
      415: JSON_ONLY_415,
    },
  },
  delete: {
    tag: "Notifications",
    access: "personal",
    summary: "Removes one of the signed-in reader's push subscriptions",
    description: "Needs an Origin (or Referer) naming this site.",
    body: UnsubscribeBody,
    responses: {
      200: { description: "Unsubscribed", schema: UnsubscribedSchema, example: { subscribed: false } },
      400: errorDoc("A body without a valid endpoint", {
        error: "endpoint must be the push service's https URL",
        parameter: "endpoint",
      }),
      401: SIGN_IN_401,
      403: FOREIGN_ORIGIN_403,
      404: errorDoc("The reader has no subscription with this endpoint", {
        error: "No subscription of yours with this endpoint",
      }),
      415: JSON_ONLY_415,
    },
  },
});

/**
 * POST /api/notifications/subscribe stores the browser's push subscription `{endpoint, keys: {p256dh, auth}}`
 * for the signed-in reader (notifications need sign-in: 401 otherwise) and answers 201 with its next daily
 * time; DELETE with `{endpoint}` removes the reader's own subscription (404 if they have none with it).
 */
export const action = documented(openapi, function action({ request }: Route.ActionArgs) {
  return apiLoader(async () => {
    if (request.method !== "POST" && request.method !== "DELETE") return methodNotAllowed();
    requireSameOrigin(request, "api");
    const user = await requireApiUser(request);
    const db = getDb();
    if (request.method === "POST") {
      const subscription = parseInput(SubscriptionBody, await jsonBody(request));
      const saved = await saveSubscription(db, user.id, subscription);
      const next = saved.next_due_at ? new Date(saved.next_due_at).toISOString() : null;
      const answer: z.infer<typeof SubscribedSchema> = { subscribed: true, next_daily_poem_at_utc: next };
      return jsonResponse(request, answer, { cache: "no-store", status: 201 });
    }
    const { endpoint } = parseInput(UnsubscribeBody, await jsonBody(request));
    if (!(await deleteSubscription(db, user.id, endpoint))) throw notFound("No subscription of yours with this endpoint");
    const answer: z.infer<typeof UnsubscribedSchema> = { subscribed: false };
    return jsonResponse(request, answer, { cache: "no-store" });
  });
});

export const loader = methodNotAllowed;
