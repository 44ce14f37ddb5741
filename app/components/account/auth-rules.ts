// The account forms' messages and limits, without zod: the header's sign-in dialog (on every page) needs them at
// once, while the zod rules of ./auth-schema load only when a form is opened (see auth-form.tsx).

export const MESSAGES = {
  firstNameRequired: "First name is required",
  firstNameTooLong: "First name must be less than 100 characters",
  emailRequired: "Email is required",
  emailInvalid: "Please enter a valid email address",
  emailTooLong: "Email must be less than 254 characters",
  passwordRequired: "Password is required",
  passwordTooShort: "Password must be at least 8 characters",
  passwordTooLong: "Password must be less than 200 characters",
  badCredentials: "Incorrect email or password.",
  emailTaken: "An account with this email already exists. Sign in instead.",
} as const;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;

export type AuthField = "firstName" | "email" | "password";
export type FieldErrors = Partial<Record<AuthField, string>>;

export type ParseResult<T> = { success: true; data: T } | { success: false; errors: FieldErrors };
