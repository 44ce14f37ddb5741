import { z } from "zod";

/**
 * The contact form's rules and texts (spec sections 5, 8 and 9), shared by the browser, which checks before
 * sending, and the server (the /contact action and POST /api/contact), which is the authority.
 */
export const CONTACT_LIMITS = { nameMax: 100, messageMin: 10, messageMax: 5000 } as const;

/** How long the success message stays before the form is reset (spec section 9). */
export const CONTACT_SUCCESS_MS = 8000;

export const CONTACT_MESSAGES = {
  nameRequired: "Name is required",
  nameTooLong: "Name must be less than 100 characters",
  emailRequired: "Email is required",
  emailInvalid: "Please enter a valid email address",
  messageRequired: "Message is required",
  messageTooShort: "Message must be at least 10 characters",
  messageTooLong: "Message must be less than 5000 characters",
  sending: "Sending your message...",
  success: "Thank you! Your message has been sent successfully. We'll get back to you soon.",
} as const;

/** The error catalogue's texts by status (spec section 8); anything else gets the general failure. */
export function contactErrorText(status: number): string {
  switch (status) {
    case 429:
      return "You've sent too many messages recently. Please try again in an hour.";
    case 400:
      return "Please check your information and try again.";
    case 503:
      return "The contact form is temporarily unavailable. Please try again later or email us directly.";
    default:
      return "Failed to send your message. Please try again later.";
  }
}

/** The hidden field only bots fill in: a person never sees it, so any value in it marks a bot. */
export const HONEYPOT_FIELD = "website";

// The spec's "must look like {email}": something@something.something without spaces.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const text = (value: unknown) => (typeof value === "string" ? value : "");

export const ContactSchema = z.object({
  name: z.preprocess(
    text,
    z.string().trim().min(1, CONTACT_MESSAGES.nameRequired).max(CONTACT_LIMITS.nameMax, CONTACT_MESSAGES.nameTooLong),
  ),
  email: z.preprocess(
    text,
    z.string().trim().min(1, CONTACT_MESSAGES.emailRequired).max(254, CONTACT_MESSAGES.emailInvalid).regex(EMAIL_SHAPE, CONTACT_MESSAGES.emailInvalid),
  ),
  message: z.preprocess(
    text,
    z
      .string()
      .trim()
      .min(1, CONTACT_MESSAGES.messageRequired)
      // Characters as the database counts them (char_length: code points), not UTF-16 units: six emoji are
      // twelve units but six characters, and the table's check refused them with a 500.
      .refine((value) => [...value].length >= CONTACT_LIMITS.messageMin, CONTACT_MESSAGES.messageTooShort)
      .max(CONTACT_LIMITS.messageMax, CONTACT_MESSAGES.messageTooLong),
  ),
});

export type ContactInput = z.output<typeof ContactSchema>;
export type ContactField = keyof ContactInput;
export const CONTACT_FIELDS: readonly ContactField[] = ["name", "email", "message"];
export type ContactErrors = Partial<Record<ContactField, string>>;

export type ContactParse = { success: true; data: ContactInput } | { success: false; errors: ContactErrors };

/** Validates a form or JSON body (anything with get(), or a plain object); the first problem of each field. */
export function parseContact(source: { get(name: string): unknown } | Record<string, unknown>): ContactParse {
  const read = (field: string) =>
    typeof (source as { get?: unknown }).get === "function"
      ? (source as { get(name: string): unknown }).get(field)
      : (source as Record<string, unknown>)[field];
  const result = ContactSchema.safeParse(Object.fromEntries(CONTACT_FIELDS.map((field) => [field, read(field) ?? undefined])));
  if (result.success) return { success: true, data: result.data };
  const errors: ContactErrors = {};
  for (const issue of result.error.issues) errors[issue.path[0] as ContactField] ??= issue.message;
  return { success: false, errors };
}

/** The live counter under the message box: '{n}/5000 characters'. */
export function characterCount(message: string): string {
  return `${message.length}/${CONTACT_LIMITS.messageMax} characters`;
}
