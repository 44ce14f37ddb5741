import { describe, expect, test } from "vitest";
import { MESSAGES, parseSignIn, parseSignUp } from "./auth-schema";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
};

describe("parseSignIn", () => {
  test("accepts an email and a password, trimming the email only", () => {
    expect(parseSignIn(form({ email: "  Ada@Example.org ", password: " secret " }))).toEqual({
      success: true,
      data: { email: "Ada@Example.org", password: " secret " },
    });
  });

  test("a missing, empty or whitespace-only field is required", () => {
    expect(parseSignIn(form({}))).toEqual({
      success: false,
      errors: { email: MESSAGES.emailRequired, password: MESSAGES.passwordRequired },
    });
    expect(parseSignIn(form({ email: "   ", password: "   " }))).toEqual({
      success: false,
      errors: { email: "Email is required", password: "Password is required" },
    });
  });

  test.each(["ada", "ada@", "@example.org", "ada@example", "ada lovelace@example.org", "ada@exa mple.org"])(
    "%j is not a valid email address",
    (email) => {
      expect(parseSignIn(form({ email, password: "x" }))).toEqual({
        success: false,
        errors: { email: "Please enter a valid email address" },
      });
    },
  );

  test("sign-in does not apply the sign-up length rule (old passwords still work)", () => {
    expect(parseSignIn(form({ email: "a@b.co", password: "short" })).success).toBe(true);
  });
});

describe("parseSignUp", () => {
  test("accepts a first name, email and password of 8 or more characters", () => {
    expect(parseSignUp(form({ firstName: " Ada ", email: "ada@example.org", password: "12345678" }))).toEqual({
      success: true,
      data: { firstName: "Ada", email: "ada@example.org", password: "12345678" },
    });
  });

  test("reports each field's first problem", () => {
    expect(parseSignUp(form({ firstName: " ", email: "nope", password: "1234567" }))).toEqual({
      success: false,
      errors: {
        firstName: "First name is required",
        email: "Please enter a valid email address",
        password: "Password must be at least 8 characters",
      },
    });
  });

  test("limits: a first name of up to 100 characters, a password of up to 200", () => {
    const ok = parseSignUp(form({ firstName: "a".repeat(100), email: "a@b.co", password: "p".repeat(200) }));
    expect(ok.success).toBe(true);
    expect(parseSignUp(form({ firstName: "a".repeat(101), email: "a@b.co", password: "p".repeat(201) }))).toEqual({
      success: false,
      errors: { firstName: MESSAGES.firstNameTooLong, password: MESSAGES.passwordTooLong },
    });
  });

  test("an empty password says required, not too short", () => {
    expect(parseSignUp(form({ firstName: "A", email: "a@b.co", password: "" }))).toEqual({
      success: false,
      errors: { password: "Password is required" },
    });
  });
});
