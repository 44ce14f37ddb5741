import { env } from "./env.server";

/**
 * Whether cookies (preferences, session) may carry the Secure flag: only in production and only when the visitor
 * reached us over HTTPS (directly, or through a proxy that says so). A Secure cookie sent over plain HTTP
 * would be dropped by the browser, which is why http://localhost must stay without it.
 */
export function isSecureRequest(
  request: Request,
  nodeEnv: string = env().NODE_ENV,
  siteUrl: string | undefined = env().SITE_URL,
): boolean {
  if (nodeEnv !== "production") return false;
  if (new URL(request.url).protocol === "https:") return true;
  // A public https address means readers only ever arrive over HTTPS, whatever the proxy forwards.
  if (siteUrl?.startsWith("https:")) return true;
  const forwarded = request.headers.get("X-Forwarded-Proto")?.split(",")[0]?.trim().toLowerCase();
  return forwarded === "https";
}
