import { data, Form, Link, redirect, useNavigation } from "react-router";
import { AUTH_TITLES, AuthForm, type AuthActionData, type AuthMode } from "~/components/account/auth-form";
import { siteNameFromMatches } from "~/components/use-site-name";
import { safeRedirectPath } from "~/lib/redirect-path";
import { AuthFailure, createAuthenticator, getUser, startSession } from "~/server/auth/auth.server";
import { requireSameOrigin } from "~/server/auth/origin.server";
import { readForm } from "~/server/form.server";
import { getDb } from "~/server/db.server";
import { isDatabaseUnavailable } from "~/server/http.server";
import { accountPreferencesCookie } from "~/server/account-preferences.server";
import { clientIpOf } from "~/server/load-context";
import "~/styles/account.css";
import type { Route } from "./+types/login";

/**
 * /login: the sign-in and sign-up form as a page. It is where the header's Sign In goes without JavaScript,
 * and the action both forms post to (the header's dialog too): on success a session cookie and a 303 back to
 * `redirectTo`; on failure the form again with errors by the field (400), or the rate limiter's message (429).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirectPath(url.searchParams.get("redirectTo")) ?? "/";
  if (await getUser(request)) throw redirect(redirectTo);
  const mode: AuthMode = url.searchParams.get("mode") === "signup" ? "signup" : "signin";
  return { redirectTo, mode };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireSameOrigin(request);
  const form = await readForm(request.clone());
  const intent: AuthMode = form.get("intent") === "signup" ? "signup" : "signin";
  const redirectTo = safeRedirectPath(form.get("redirectTo")) ?? "/";
  const db = getDb();
  try {
    const user = await createAuthenticator(db, clientIpOf(context)).authenticate(intent, request);
    const headers = new Headers({ "Set-Cookie": await startSession(request, user.id, db) });
    const preferences = await accountPreferencesCookie(db, request, user.id);
    if (preferences) headers.append("Set-Cookie", preferences);
    return redirect(redirectTo, { status: 303, headers });
  } catch (error) {
    if (!(error instanceof AuthFailure)) {
      if (isDatabaseUnavailable(error)) throw data("The database is unavailable; please try again shortly.", { status: 503 });
      throw error;
    }
    const email = form.get("email");
    const firstName = form.get("firstName");
    const body: AuthActionData = {
      intent,
      errors: error.fieldErrors,
      formError: error.formError,
      values: {
        email: typeof email === "string" ? email.slice(0, 254) : undefined,
        firstName: intent === "signup" && typeof firstName === "string" ? firstName.slice(0, 100) : undefined,
      },
      redirectTo,
    };
    const headers: HeadersInit = error.retryAfterSeconds ? { "Retry-After": String(error.retryAfterSeconds) } : {};
    return data(body, { status: error.status, headers });
  }
}

export const meta: Route.MetaFunction = ({ data, matches }) => [
  { title: `${AUTH_TITLES[data?.mode ?? "signin"]} | ${siteNameFromMatches(matches)}` },
  { name: "robots", content: "noindex" },
];

export default function LoginPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  // After a refused post the page shows the form that was sent, whichever mode the address names.
  const mode = actionData?.intent ?? loaderData.mode;
  const redirectTo = actionData?.redirectTo ?? loaderData.redirectTo;
  const busy = navigation.state === "submitting" && navigation.formAction === "/login";
  return (
    <section className="account-page" aria-labelledby="login-title">
      <h1 id="login-title">{AUTH_TITLES[mode]}</h1>
      <p className="account-page__intro">
        {mode === "signin"
          ? "Sign in to keep favorites and your reading settings."
          : "Create an account to keep favorites and your reading settings."}
      </p>
      <AuthForm
        key={mode}
        mode={mode}
        redirectTo={redirectTo}
        idPrefix="login"
        FormComponent={Form}
        result={actionData}
        busy={busy}
      />
      <p className="account-page__back">
        <Link to={redirectTo}>Back</Link>
      </p>
    </section>
  );
}
