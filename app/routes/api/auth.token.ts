import { issueApiToken } from "~/server/auth/auth.server";
import { requireSameOrigin } from "~/server/auth/origin.server";
import { ApiError, apiLoader, jsonError, jsonResponse } from "~/server/http.server";
import type { Route } from "./+types/auth.token";
import { documented, documentRoute, errorDoc, SIGN_IN_401 } from "~/server/openapi/define.server";
import { ApiTokenSchema } from "~/server/api-shapes.server";

const openapi = documentRoute("/api/auth/token", {
  post: {
    tag: "Reader",
    access: "personal",
    summary: "A short-lived bearer token for the personal calls",
    description: "For a signed-in page (session cookie); needs an Origin (or Referer) naming this site.",
    responses: {
      200: {
        description: "The token",
        schema: ApiTokenSchema,
        example: { token: "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl", token_type: "Bearer", expires_in: 300 },
      },
      401: SIGN_IN_401,
      403: errorDoc("Origin or Referer missing or foreign", { error: "This form was sent from another site and has been refused." }),
    },
  },
});

/**
 * POST /api/auth/token: for a signed-in page (session cookie), a short-lived bearer token for the personal
 * /api calls: `{token, token_type: "Bearer", expires_in}`. 401 when signed out.
 */
export const action = documented(openapi, function action({ request }: Route.ActionArgs) {
  return apiLoader(async () => {
    if (request.method !== "POST") return methodNotAllowed();
    requireSameOrigin(request, "api");
    const issued = await issueApiToken(request);
    if (!issued) throw new ApiError(401, "Sign in required");
    return jsonResponse(request, issued, { cache: "no-store" });
  });
});

function methodNotAllowed(): Response {
  const response = jsonError(405, { error: "Method not allowed: this endpoint answers POST only" });
  response.headers.set("Allow", "POST");
  return response;
}

export const loader = methodNotAllowed;
