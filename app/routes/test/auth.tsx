import "~/styles/dev-pages.css";
import { Link } from "react-router";
import { siteNameFromMatches } from "~/components/use-site-name";
import { getUser } from "~/server/auth/auth.server";
import { requireDevelopment } from "~/server/dev-only.server";
import type { Route } from "./+types/auth";
import { DevPageError, devPageMeta } from "./dev-only-boundary";

/** /test/auth: the sign-in state as the server sees this request (from the session cookie). */
export async function loader({ request }: Route.LoaderArgs) {
  requireDevelopment();
  const user = await getUser(request);
  return { auth: { loaded: true, signedIn: user !== null, user: user ? { firstName: user.firstName } : null } };
}

export const meta: Route.MetaFunction = ({ error, matches }) => devPageMeta("Auth state", siteNameFromMatches(matches), error);

export default function AuthState({ loaderData }: Route.ComponentProps) {
  const { auth } = loaderData;
  return (
    <section className="dev-page" aria-labelledby="dev-title">
      <h1 id="dev-title">Auth state</h1>
      <dl className="dev-page__facts">
        <dt>Loaded</dt>
        <dd>{auth.loaded ? "Yes" : "No"}</dd>
        <dt>State</dt>
        <dd data-testid="auth-state">{auth.signedIn ? "Signed in" : "Signed out"}</dd>
        <dt>User</dt>
        <dd>{auth.user ? auth.user.firstName : "None (anonymous visitor)"}</dd>
      </dl>
      <p className="dev-page__note">
        {auth.signedIn ? "Signed in through the session cookie." : <Link to="/login">Sign in</Link>}{" "}
        <Link to="/test">Development pages</Link>
      </p>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <DevPageError error={error} />;
}
