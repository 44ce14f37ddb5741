import { issueApiToken } from "~/server/auth/auth.server";
import { requireSameOrigin } from "~/server/auth/origin.server";
import { ApiError, apiLoader, jsonError, jsonResponse } from "~/server/http.server";
import type { Route } from "./+types/auth.token";

/**
 * POST /api/auth/token: for a signed-in page (session cookie), a short-lived bearer token for the personal
 * /api calls: `{token, token_type: "Bearer", expires_in}`. 401 when signed out.
 */
export function action({ request }: Route.ActionArgs) {
  return apiLoader(async () => {
    if (request.method !== "POST") return methodNotAllowed();
    requireSameOrigin(request, "api");
    const issued = await issueApiToken(request);
    if (!issued) throw new ApiError(401, "Sign in required");
    return jsonResponse(request, issued, { cache: "no-store" });
  });
}

function methodNotAllowed(): Response {
  const response = jsonError(405, { error: "Method not allowed: this endpoint answers POST only" });
  response.headers.set("Allow", "POST");
  return response;
}

export const loader = methodNotAllowed;
