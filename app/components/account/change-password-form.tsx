import { Form, useNavigation } from "react-router";
import type { PasswordChangeErrors, PasswordChangeField } from "./password-change-schema";

export type PasswordChangeOutcome =
  | { ok: true; message: string }
  | { ok: false; errors: PasswordChangeErrors; formError?: string };

const FIELDS: { name: PasswordChangeField; label: string; autoComplete: string }[] = [
  { name: "currentPassword", label: "Current password", autoComplete: "current-password" },
  { name: "newPassword", label: "New password", autoComplete: "new-password" },
  { name: "confirmPassword", label: "Confirm new password", autoComplete: "new-password" },
];

/**
 * 'Change password' on /profile: a plain form post to the profile's action (it works without JavaScript);
 * the server's errors appear beside each field, and success signs out every other device.
 */
export function ChangePasswordForm({ outcome }: { outcome?: PasswordChangeOutcome }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "change-password";
  const errors = outcome && !outcome.ok ? outcome.errors : {};
  return (
    <section aria-labelledby="profile-password" className="profile__password">
      <h2 id="profile-password">Change password</h2>
      {/* A fresh form after success, so the browser forgets the typed passwords. */}
      <Form method="post" action="/profile" noValidate key={outcome?.ok ? "done" : "form"} className="auth-form">
        <input type="hidden" name="intent" value="change-password" />
        {outcome && !outcome.ok && outcome.formError && (
          <p className="auth-form__alert" role="alert">
            {outcome.formError}
          </p>
        )}
        {FIELDS.map((field) => {
          const error = errors[field.name];
          return (
            <div key={field.name} className="auth-form__field">
              <label htmlFor={`password-${field.name}`}>{field.label}</label>
              <input
                id={`password-${field.name}`}
                name={field.name}
                type="password"
                autoComplete={field.autoComplete}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `password-${field.name}-error` : undefined}
              />
              {error && (
                <p id={`password-${field.name}-error`} className="auth-form__error">
                  {error}
                </p>
              )}
            </div>
          );
        })}
        <button type="submit" className="button button--primary" disabled={busy}>
          Change password
        </button>
        <p role="status" className="profile__password-status">
          {outcome?.ok ? outcome.message : ""}
        </p>
      </Form>
    </section>
  );
}
