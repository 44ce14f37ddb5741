import { Link } from "react-router";

/** The page a failed OpenID Connect sign-in lands on: what went wrong and a way back. */
export function OidcErrorView({ message, providerName }: { message: string; providerName?: string }) {
  return (
    <section className="account-page" aria-labelledby="oidc-error-title">
      <h1 id="oidc-error-title">Sign-in failed</h1>
      <p className="auth-form__alert" role="alert">
        {message}
      </p>
      <p className="account-page__back">
        {providerName ? <a href="/auth/oidc">Try signing in with {providerName} again</a> : null}{" "}
        <Link to="/login">Sign in another way</Link>
      </p>
    </section>
  );
}
