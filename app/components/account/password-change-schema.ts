import { z } from "zod";
import { PASSWORD_MAX, PASSWORD_MIN } from "./auth-schema";

export const PASSWORD_CHANGE_MESSAGES = {
  currentRequired: "Current password is required",
  currentWrong: "Current password is incorrect",
  newRequired: "New password is required",
  newTooShort: `New password must be at least ${PASSWORD_MIN} characters`,
  newTooLong: `New password must be less than ${PASSWORD_MAX} characters`,
  confirmMismatch: "Passwords do not match",
} as const;

const M = PASSWORD_CHANGE_MESSAGES;
const text = (value: unknown) => (typeof value === "string" ? value : "");

// Passwords are never trimmed (spaces may be part of one); an all-space one counts as missing.
const PasswordChangeSchema = z
  .object({
    currentPassword: z.preprocess(text, z.string().refine((v) => v.trim() !== "", M.currentRequired)),
    newPassword: z.preprocess(
      text,
      z
        .string()
        .refine((v) => v.trim() !== "", M.newRequired)
        .refine((v) => v.trim() === "" || v.length >= PASSWORD_MIN, M.newTooShort)
        .refine((v) => v.length <= PASSWORD_MAX, M.newTooLong),
    ),
    confirmPassword: z.preprocess(text, z.string()),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: M.confirmMismatch, path: ["confirmPassword"] });

export type PasswordChangeField = "currentPassword" | "newPassword" | "confirmPassword";
export type PasswordChangeErrors = Partial<Record<PasswordChangeField, string>>;

export function parsePasswordChange(
  source: { get(name: string): unknown },
): { success: true; data: { currentPassword: string; newPassword: string } } | { success: false; errors: PasswordChangeErrors } {
  const raw = {
    currentPassword: source.get("currentPassword") ?? undefined,
    newPassword: source.get("newPassword") ?? undefined,
    confirmPassword: source.get("confirmPassword") ?? undefined,
  };
  const result = PasswordChangeSchema.safeParse(raw);
  if (result.success) return { success: true, data: result.data };
  const errors: PasswordChangeErrors = {};
  for (const issue of result.error.issues) errors[issue.path[0] as PasswordChangeField] ??= issue.message;
  return { success: false, errors };
}
