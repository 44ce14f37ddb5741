import { z } from "zod";
import { type AuthField, type FieldErrors, MESSAGES, type ParseResult, PASSWORD_MAX, PASSWORD_MIN } from "./auth-rules";

export { type AuthField, type FieldErrors, MESSAGES, type ParseResult, PASSWORD_MAX, PASSWORD_MIN };

/**
 * The sign-in and sign-up forms' rules, used by the browser before posting and by the server (the
 * /login action) as the authority. Whitespace-only counts as empty; messages follow the spec's wording
 * for the contact form's shared fields ('Email is required', 'Please enter a valid email address'). The
 * browser loads this module (and zod) only when a form is shown: see auth-form.tsx.
 */

// {something}@{something}.{something}, no spaces: the spec's "must look like {email}".
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const text = (value: unknown) => (typeof value === "string" ? value : "");

const email = z.preprocess(
  text,
  z
    .string()
    .trim()
    .min(1, MESSAGES.emailRequired)
    .max(254, MESSAGES.emailTooLong)
    .regex(EMAIL_SHAPE, MESSAGES.emailInvalid),
);

export const SignInSchema = z.object({
  email,
  // Never trimmed: spaces may be part of a password. Only an empty (or all-space) one is missing.
  password: z.preprocess(text, z.string().refine((value) => value.trim() !== "", MESSAGES.passwordRequired)),
});

export const SignUpSchema = z.object({
  firstName: z.preprocess(text, z.string().trim().min(1, MESSAGES.firstNameRequired).max(100, MESSAGES.firstNameTooLong)),
  email,
  password: z.preprocess(
    text,
    z
      .string()
      .refine((value) => value.trim() !== "", MESSAGES.passwordRequired)
      .refine((value) => value.trim() === "" || value.length >= PASSWORD_MIN, MESSAGES.passwordTooShort)
      .refine((value) => value.length <= PASSWORD_MAX, MESSAGES.passwordTooLong),
  ),
});

export type SignInInput = z.output<typeof SignInSchema>;
export type SignUpInput = z.output<typeof SignUpSchema>;

function parseWith<T>(schema: z.ZodType<T>, source: { get(name: string): unknown }, fields: AuthField[]): ParseResult<T> {
  const raw = Object.fromEntries(fields.map((field) => [field, source.get(field) ?? undefined]));
  const result = schema.safeParse(raw);
  if (result.success) return { success: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) errors[issue.path[0] as AuthField] ??= issue.message;
  return { success: false, errors };
}

/** Validates a sign-in form (FormData, or anything with get()); the first problem of each field. */
export function parseSignIn(source: { get(name: string): unknown }): ParseResult<SignInInput> {
  return parseWith(SignInSchema, source, ["email", "password"]);
}

export function parseSignUp(source: { get(name: string): unknown }): ParseResult<SignUpInput> {
  return parseWith(SignUpSchema, source, ["firstName", "email", "password"]);
}
