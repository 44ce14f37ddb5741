import { data } from "react-router";
import { OidcErrorView } from "~/components/account/oidc-error";
import { siteNameFromMatches } from "~/components/use-site-name";
import { safeRedirectPath } from "~/lib/redirect-path";
import { createOidcAuthenticator } from "~/server/auth/oidc/oidc-account.server";
import { OidcError, oidcSettings } from "~/server/auth/oidc/oidc.server";
import { getDb } from "~/server/db.server";
import "~/styles/account.css";
import type { Route } from "./+types/auth.oidc";

/**
 * /auth/oidc?redirectTo=…: starts an OpenID Connect sign-in (a redirect to the provider). 404 when no provider
 * is configured; an error page when the provider cannot be reached.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const settings = oidcSettings();
  if (!settings) throw data("OpenID Connect sign-in is not configured on this site.", { status: 404 });
  const url = new URL(request.url);
  const redirectTo = safeRedirectPath(url.searchParams.get("redirectTo")) ?? "/";
  const start = new Request(new URL(`/auth/oidc?${new URLSearchParams({ redirectTo })}`, url), { headers: request.headers });
  try {
    await createOidcAuthenticator(getDb(), settings, null).authenticate("oidc", start);
  } catch (thrown) {
    if (thrown instanceof Response) throw thrown;
    if (thrown instanceof OidcError) {
      return data({ error: thrown.message, providerName: settings.name }, { status: 502, headers: { "Cache-Control": "no-store" } });
    }
    throw thrown;
  }
  return data({ error: "Signing in could not start.", providerName: settings.name }, { status: 500 });
}

// The error page keeps the loader's no-store and its clearing of the flow cookie.
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Sign-in failed | ${siteNameFromMatches(matches)}` },
  { name: "robots", content: "noindex" },
];

export default function OidcStart({ loaderData }: Route.ComponentProps) {
  return <OidcErrorView message={loaderData.error} providerName={loaderData.providerName} />;
}
