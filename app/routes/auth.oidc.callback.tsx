import { data, redirect } from "react-router";
import { OidcErrorView } from "~/components/account/oidc-error";
import { siteNameFromMatches } from "~/components/use-site-name";
import { getUserRecord, startSession } from "~/server/auth/auth.server";
import { IdTokenError } from "~/server/auth/oidc/id-token.server";
import { createOidcAuthenticator } from "~/server/auth/oidc/oidc-account.server";
import { clearFlowCookie, flowRedirectTo, OidcError, oidcSettings } from "~/server/auth/oidc/oidc.server";
import { getDb } from "~/server/db.server";
import "~/styles/account.css";
import type { Route } from "./+types/auth.oidc.callback";

/**
 * /auth/oidc/callback: where the provider sends the browser back. On success the same session cookie as a
 * password sign-in and a redirect to where the reader started; on any refusal (missing or wrong state, a
 * provider error, a bad ID token) a page saying so, with status 400, and the flow's cookie cleared.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const settings = oidcSettings();
  if (!settings) throw data("OpenID Connect sign-in is not configured on this site.", { status: 404 });
  const db = getDb();
  const clear = await clearFlowCookie(request);
  try {
    const user = await createOidcAuthenticator(db, settings, await getUserRecord(request, db)).authenticate("oidc", request);
    const headers = new Headers({ "Cache-Control": "no-store" });
    headers.append("Set-Cookie", await startSession(request, user.id, db));
    headers.append("Set-Cookie", clear);
    return redirect(await flowRedirectTo(request), { status: 303, headers });
  } catch (error) {
    if (!(error instanceof OidcError || error instanceof IdTokenError)) throw error;
    console.error("OpenID Connect sign-in refused:", error.message);
    const message = error instanceof IdTokenError ? `The sign-in provider's answer could not be trusted: ${error.message}.` : error.message;
    return data(
      { error: message, providerName: settings.name },
      { status: 400, headers: { "Set-Cookie": clear, "Cache-Control": "no-store" } },
    );
  }
}

// The error page keeps the loader's no-store and its clearing of the flow cookie.
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Sign-in failed | ${siteNameFromMatches(matches)}` },
  { name: "robots", content: "noindex" },
];

export default function OidcCallback({ loaderData }: Route.ComponentProps) {
  return <OidcErrorView message={loaderData.error} providerName={loaderData.providerName} />;
}
