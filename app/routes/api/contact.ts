import { z } from "zod";
import { requireSameOrigin } from "~/server/auth/origin.server";
import { submitContact } from "~/server/contact/contact.server";
import { getDb } from "~/server/db.server";
import { apiLoader, badParameter, jsonError } from "~/server/http.server";
import { clientIpOf } from "~/server/load-context";
import type { Route } from "./+types/contact";

// The body's shape only (field rules and their messages are the form's, in app/lib/contact-form.ts).
const Body = z.object(
  {
    name: z.unknown().optional(),
    email: z.unknown().optional(),
    message: z.unknown().optional(),
    website: z.unknown().optional(),
  },
  { error: "body must be a JSON object with name, email and message" },
);

function postOnly(): Response {
  const response = jsonError(405, { error: "Method not allowed: this endpoint answers POST only" });
  response.headers.set("Allow", "POST");
  return response;
}

/**
 * POST /api/contact with JSON {name, email, message}: 200 {success, message}; 400 {error, parameter, errors}
 * naming the first bad field; 429 with Retry-After after five messages an hour from one address; 503 when
 * the form is switched off; 502 when the message was kept but could not be mailed. Every error carries its
 * status in `status`, and the error texts are the spec's.
 */
export function action({ request, context }: Route.ActionArgs) {
  return apiLoader(async () => {
    if (request.method !== "POST") return postOnly();
    requireSameOrigin(request, "api");
    let raw: unknown;
    try {
      raw = await request.json();
    } catch {
      throw badParameter("body", "body must be a JSON object with name, email and message");
    }
    // A non-object body has no field to name, so the parameter is the body itself.
    const shape = Body.safeParse(raw);
    if (!shape.success) throw badParameter("body", "body must be a JSON object with name, email and message");
    const body = shape.data;
    const outcome = await submitContact(getDb(), body, { clientIp: clientIpOf(context) });
    switch (outcome.status) {
      case 200:
        return Response.json({ success: true, message: outcome.message }, { headers: { "Cache-Control": "no-store" } });
      case 400: {
        const parameter = Object.keys(outcome.errors)[0] ?? "body";
        return jsonError(400, { error: outcome.error, status: 400, parameter, errors: outcome.errors });
      }
      case 429: {
        const response = jsonError(429, { error: outcome.error, status: 429 });
        response.headers.set("Retry-After", String(outcome.retryAfterSeconds));
        return response;
      }
      default:
        return jsonError(outcome.status, { error: outcome.error, status: outcome.status });
    }
  });
}

export function loader() {
  return postOnly();
}
