import { z } from "zod";
import { requireSameOrigin } from "~/server/auth/origin.server";
import { submitContact } from "~/server/contact/contact.server";
import { getDb } from "~/server/db.server";
import { apiLoader, badParameter, jsonError } from "~/server/http.server";
import { clientIpOf } from "~/server/load-context";
import type { Route } from "./+types/contact";
import { documented, documentRoute, FOREIGN_ORIGIN_403 } from "~/server/openapi/define.server";
import { ContactErrorSchema, ContactSentSchema, ErrorSchema } from "~/server/api-shapes.server";
import { CONTACT_LIMITS, CONTACT_MESSAGES, contactErrorText } from "~/lib/contact-form";

// The body's shape only (field rules and their messages are the form's, in app/lib/contact-form.ts).
const Body = z.object(
  {
    name: z.unknown().optional().meta({ description: `Required, up to ${CONTACT_LIMITS.nameMax} characters.` }),
    email: z.unknown().optional().meta({ description: "Required: the address to answer." }),
    message: z
      .unknown()
      .optional()
      .meta({ description: `Required, ${CONTACT_LIMITS.messageMin} to ${CONTACT_LIMITS.messageMax} characters.` }),
    website: z.unknown().optional().meta({ description: "Leave empty: a bot trap." }),
  },
  { error: "body must be a JSON object with name, email and message" },
);

const contactError = (status: number) => ({ error: contactErrorText(status), status });

const openapi = documentRoute("/api/contact", {
  post: {
    tag: "Contact",
    access: "site",
    summary: "Sends a message to the editors",
    description:
      "The contact form's call. Five messages an hour from one address. Needs an Origin (or Referer) naming this site.",
    body: Body,
    responses: {
      200: {
        description: "Kept (and mailed when mail is configured)",
        schema: ContactSentSchema,
        example: { success: true, message: CONTACT_MESSAGES.success },
      },
      400: {
        description: "A refused field (every refused field in errors), or a body that is not a JSON object",
        schema: z.union([ContactErrorSchema, ErrorSchema]),
        example: {
          ...contactError(400),
          parameter: "email",
          errors: { email: CONTACT_MESSAGES.emailInvalid },
        },
      },
      403: FOREIGN_ORIGIN_403,
      429: {
        description: "Five messages this hour from this address (or the API's own rate limit); see Retry-After",
        schema: z.union([ContactErrorSchema, ErrorSchema]),
        example: contactError(429),
      },
      502: {
        description: "The message was kept but could not be mailed",
        schema: ContactErrorSchema,
        example: contactError(502),
      },
      503: { description: "The contact form is switched off", schema: ContactErrorSchema, example: contactError(503) },
    },
  },
});

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
export const action = documented(openapi, function action({ request, context }: Route.ActionArgs) {
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
      case 200: {
        const sent: z.infer<typeof ContactSentSchema> = { success: true, message: outcome.message };
        return Response.json(sent, { headers: { "Cache-Control": "no-store" } });
      }
      case 400: {
        const parameter = Object.keys(outcome.errors)[0] ?? "body";
        return contactErrorResponse({ error: outcome.error, status: 400, parameter, errors: outcome.errors });
      }
      case 429: {
        const response = contactErrorResponse({ error: outcome.error, status: 429 });
        response.headers.set("Retry-After", String(outcome.retryAfterSeconds));
        return response;
      }
      default:
        return contactErrorResponse({ error: outcome.error, status: outcome.status });
    }
  });
});

function contactErrorResponse(body: z.infer<typeof ContactErrorSchema>): Response {
  return jsonError(body.status, body);
}

export function loader() {
  return postOnly();
}
