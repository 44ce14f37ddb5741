import { describe, expect, test } from "vitest";
import { PASSWORD_CHANGE_MESSAGES as M, parsePasswordChange } from "./password-change-schema";

const form = (fields: Record<string, string>) => new URLSearchParams(fields);

describe("password change form", () => {
  test("accepts a valid change and keeps spaces inside passwords", () => {
    const result = parsePasswordChange(form({ currentPassword: " old one ", newPassword: "new secret ", confirmPassword: "new secret " }));
    expect(result).toEqual({ success: true, data: { currentPassword: " old one ", newPassword: "new secret ", confirmPassword: "new secret " } });
  });

  test("names each field's problem", () => {
    const result = parsePasswordChange(form({ currentPassword: "   ", newPassword: "short", confirmPassword: "other" }));
    expect(result).toEqual({
      success: false,
      errors: { currentPassword: M.currentRequired, newPassword: M.newTooShort, confirmPassword: M.confirmMismatch },
    });
    const mismatch = parsePasswordChange(form({ currentPassword: "x", newPassword: "long enough", confirmPassword: "long enougH" }));
    expect(mismatch).toEqual({ success: false, errors: { confirmPassword: M.confirmMismatch } });
    expect(parsePasswordChange(form({}))).toMatchObject({ success: false, errors: { currentPassword: M.currentRequired, newPassword: M.newRequired } });
  });
});
