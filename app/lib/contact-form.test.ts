import { describe, expect, it } from "vitest";
import { CONTACT_MESSAGES, characterCount, contactErrorText, parseContact } from "./contact-form";

const good = { name: "Ada", email: "ada@example.org", message: "A kind word about the site." };

describe("parseContact", () => {
  it("accepts a good message and trims it", () => {
    const parsed = parseContact({ ...good, name: "  Ada  " });
    expect(parsed).toEqual({ success: true, data: good });
  });

  it("treats whitespace-only fields as empty", () => {
    const parsed = parseContact({ name: "   ", email: " \t ", message: "\n\n  " });
    expect(parsed).toEqual({
      success: false,
      errors: { name: CONTACT_MESSAGES.nameRequired, email: CONTACT_MESSAGES.emailRequired, message: CONTACT_MESSAGES.messageRequired },
    });
  });

  it("gives the spec's message for each limit", () => {
    const form = new URLSearchParams({ name: "x".repeat(101), email: "not-an-email", message: "too short" });
    expect(parseContact(form)).toEqual({
      success: false,
      errors: { name: "Name must be less than 100 characters", email: "Please enter a valid email address", message: "Message must be at least 10 characters" },
    });
    expect(parseContact({ ...good, message: "x".repeat(5001) })).toMatchObject({ errors: { message: "Message must be less than 5000 characters" } });
    expect(parseContact({ ...good, name: "x".repeat(100), message: "x".repeat(5000) }).success).toBe(true);
  });

  // The bad-input fuzzer's shrunk counterexample: a message of six astral characters (twelve UTF-16 units)
  // passed the 10-character minimum and then broke the table's char_length check: a 500 on POST /contact.
  it("counts characters, not UTF-16 units, for the minimum length", () => {
    expect(parseContact({ ...good, message: "𐴶񅭁𺟵񄡈𯕘󀈻" })).toMatchObject({ errors: { message: "Message must be at least 10 characters" } });
    expect(parseContact({ ...good, message: "😀".repeat(10) }).success).toBe(true);
  });

  it("refuses non-text values as missing", () => {
    expect(parseContact({ name: 42, email: null, message: ["x"] }).success).toBe(false);
  });
});

describe("texts", () => {
  it("counts characters and maps statuses to the error catalogue", () => {
    expect(characterCount("")).toBe("0/5000 characters");
    expect(characterCount("hello")).toBe("5/5000 characters");
    expect(contactErrorText(429)).toBe("You've sent too many messages recently. Please try again in an hour.");
    expect(contactErrorText(400)).toBe("Please check your information and try again.");
    expect(contactErrorText(503)).toMatch(/^The contact form is temporarily unavailable/);
    expect(contactErrorText(502)).toBe("Failed to send your message. Please try again later.");
  });
});
