import { type ComponentType, type FormEvent, useEffect, useState } from "react";
import { type FetcherFormProps, Link, useRouteLoaderData } from "react-router";
import { type AuthField, type FieldErrors, PASSWORD_MIN } from "./auth-rules";

type AuthSchema = typeof import("./auth-schema");

/**
 * The zod rules, fetched when a form is first shown rather than with every page (the sign-in dialog is part
 * of the header): zod is the largest library the pages would otherwise ship. Typing a form takes longer than
 * the fetch; a form sent before it arrives is still checked by the server, with the same messages.
 */
let loadedSchema: AuthSchema | undefined;
function useAuthSchema(): AuthSchema | undefined {
  const [schema, setSchema] = useState(loadedSchema);
  useEffect(() => {
    if (schema) return;
    let live = true;
    void import("./auth-schema").then((module) => {
      loadedSchema = module;
      if (live) setSchema(module);
    });
    return () => {
      live = false;
    };
  }, [schema]);
  return schema;
}

export type AuthMode = "signin" | "signup";

/** What the /login action answers when it refuses a form (status 400 or 429). */
export interface AuthActionData {
  intent: AuthMode;
  errors: FieldErrors;
  formError?: string;
  values: { firstName?: string; email?: string };
  /** The redirectTo that was posted (the /login page re-rendered after a plain post has lost its query). */
  redirectTo?: string;
}

interface AuthFormProps {
  mode: AuthMode;
  /** Where to go after signing in (a same-site path). */
  redirectTo: string;
  /** Unique per place the form appears (the dialog and the /login page may both be in one document). */
  idPrefix: string;
  /** The router's Form or a fetcher's Form. */
  FormComponent: ComponentType<FetcherFormProps>;
  result?: AuthActionData;
  busy?: boolean;
  /** With JavaScript the dialog switches modes in place; otherwise the switch is a link to /login. */
  onModeChange?: (mode: AuthMode) => void;
  /** Called when the browser's checks pass and the form is about to be sent. */
  onSubmitValid?: () => void;
}

const TITLES: Record<AuthMode, string> = { signin: "Sign In", signup: "Create Account" };

/**
 * The sign-in / sign-up form, shared by the header's dialog and the /login page. It posts to /login with
 * intent=signin|signup. With JavaScript the same zod rules run before posting, so most mistakes show at once;
 * the server checks again and its errors (status 400 or 429) appear in the same places, beside each field.
 */
export function AuthForm({
  mode,
  redirectTo,
  idPrefix,
  FormComponent,
  result,
  busy = false,
  onModeChange,
  onSubmitValid,
}: AuthFormProps) {
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const schema = useAuthSchema();
  const oidcName = (useRouteLoaderData("root") as { oidcName?: string | null } | undefined)?.oidcName ?? null;
  const serverResult = result?.intent === mode ? result : undefined;
  const errors: FieldErrors = clientErrors ?? serverResult?.errors ?? {};
  const formError = clientErrors ? undefined : serverResult?.formError;
  const id = (field: string) => `${idPrefix}-${field}`;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const data = new FormData(event.currentTarget);
    const parsed = !schema ? undefined : mode === "signup" ? schema.parseSignUp(data) : schema.parseSignIn(data);
    if (parsed && !parsed.success) {
      event.preventDefault();
      setClientErrors(parsed.errors);
      const first = (["firstName", "email", "password"] as AuthField[]).find((field) => parsed.errors[field]);
      if (first) document.getElementById(id(first))?.focus();
      return;
    }
    setClientErrors(null);
    onSubmitValid?.();
  };

  // Editing a field clears that field's error (whether the browser or the server found it).
  const clearError = (field: AuthField) => {
    if (errors[field]) setClientErrors({ ...errors, [field]: undefined });
  };

  const field = (name: AuthField, label: string, input: { type: string; autoComplete: string; defaultValue?: string; hint?: string }) => {
    const error = errors[name];
    const describedBy = [error ? id(`${name}-error`) : null, input.hint ? id(`${name}-hint`) : null].filter(Boolean).join(" ");
    return (
      <div className="auth-form__field">
        <label htmlFor={id(name)}>{label}</label>
        <input
          id={id(name)}
          name={name}
          type={input.type}
          autoComplete={input.autoComplete}
          defaultValue={input.defaultValue}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          onChange={() => clearError(name)}
          disabled={busy}
        />
        {input.hint && (
          <p id={id(`${name}-hint`)} className="auth-form__hint">
            {input.hint}
          </p>
        )}
        {error && (
          <p id={id(`${name}-error`)} className="auth-form__error">
            {error}
          </p>
        )}
      </div>
    );
  };

  const other: AuthMode = mode === "signin" ? "signup" : "signin";
  const switchLabel = mode === "signin" ? "Create an account" : "Sign in instead";
  const switchHref = `/login?${new URLSearchParams({ ...(other === "signup" ? { mode: "signup" } : {}), ...(redirectTo !== "/" ? { redirectTo } : {}) })}`;

  return (
    <div className="auth-form">
      <FormComponent method="post" action="/login" noValidate onSubmit={onSubmit} aria-label={TITLES[mode]}>
        <input type="hidden" name="intent" value={mode} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        {formError && (
          <p className="auth-form__alert" role="alert">
            {formError}
          </p>
        )}
        {mode === "signup" && field("firstName", "First name", { type: "text", autoComplete: "given-name", defaultValue: serverResult?.values.firstName })}
        {field("email", "Email", { type: "email", autoComplete: "email", defaultValue: serverResult?.values.email })}
        {field("password", "Password", {
          type: "password",
          autoComplete: mode === "signup" ? "new-password" : "current-password",
          hint: mode === "signup" ? `At least ${PASSWORD_MIN} characters.` : undefined,
        })}
        <button type="submit" className="button button--primary auth-form__submit" disabled={busy}>
          {busy ? (mode === "signup" ? "Creating account..." : "Signing in...") : TITLES[mode]}
        </button>
      </FormComponent>
      {oidcName && (
        // A plain link: the start route answers with a redirect to the provider, a full page load.
        <a className="button auth-form__oidc" href={`/auth/oidc?${new URLSearchParams({ redirectTo })}`}>
          Sign in with {oidcName}
        </a>
      )}
      <p className="auth-form__switch">
        {mode === "signin" ? "New here? " : "Already have an account? "}
        {onModeChange ? (
          <button
            type="button"
            className="auth-form__switch-button"
            onClick={() => {
              setClientErrors(null);
              onModeChange(other);
            }}
          >
            {switchLabel}
          </button>
        ) : (
          <Link to={switchHref} replace>
            {switchLabel}
          </Link>
        )}
      </p>
    </div>
  );
}

export { TITLES as AUTH_TITLES };
