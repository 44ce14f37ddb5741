import { CONTACT_MESSAGES, type ContactErrors, contactErrorText, HONEYPOT_FIELD, parseContact } from "~/lib/contact-form";
import type { RateLimitRule } from "../auth/rate-limit";
import { reserveAttempt } from "../auth/sign-in-limit.server";
import type { DB } from "../db.server";
import { env } from "../env.server";
import { insertContactMessage, setContactDelivery } from "../models/contact-message.server";
import { type MailSettings, sendContactMail } from "./mailer.server";

/** Five messages per client address in any hour (spec section 9), counted in the database like sign-ins. */
export const CONTACT_RULE: RateLimitRule = { limit: 5, windowMs: 60 * 60_000 };

export interface ContactSettings {
  enabled: boolean;
  mail: MailSettings | null;
  siteName: string;
}

export function contactSettings(): ContactSettings {
  const e = env();
  return {
    enabled: e.CONTACT_ENABLED,
    mail: e.SMTP_URL && e.CONTACT_TO ? { smtpUrl: e.SMTP_URL, to: e.CONTACT_TO, from: e.CONTACT_FROM ?? e.CONTACT_TO } : null,
    siteName: e.SITE_NAME,
  };
}

export type ContactOutcome =
  | { status: 200; message: string }
  | { status: 400; error: string; errors: ContactErrors }
  | { status: 429; error: string; retryAfterSeconds: number }
  | { status: 502 | 503; error: string };

type Source = { get(name: string): unknown } | Record<string, unknown>;

function honeypotOf(source: Source): unknown {
  return typeof (source as { get?: unknown }).get === "function"
    ? (source as { get(name: string): unknown }).get(HONEYPOT_FIELD)
    : (source as Record<string, unknown>)[HONEYPOT_FIELD];
}

/**
 * One contact submission, for the page's action and POST /api/contact alike: switched off → 503; invalid →
 * 400 with errors by field; over the limit → 429; the honeypot filled → a success answer but nothing kept (a
 * bot learns nothing); otherwise the message is stored first, then mailed when SMTP is configured. A mail
 * failure keeps the stored message (a maintainer can still read it) and answers the general failure.
 */
export async function submitContact(
  db: DB,
  source: Source,
  options: { clientIp: string; settings?: ContactSettings; now?: number },
): Promise<ContactOutcome> {
  const settings = options.settings ?? contactSettings();
  if (!settings.enabled) return { status: 503, error: contactErrorText(503) };
  const parsed = parseContact(source);
  if (!parsed.success) return { status: 400, error: contactErrorText(400), errors: parsed.errors };
  const reservation = await reserveAttempt(db, [{ key: `contact-ip:${options.clientIp}`, rule: CONTACT_RULE }], options.now);
  if (!reservation.allowed) {
    return { status: 429, error: contactErrorText(429), retryAfterSeconds: reservation.retryAfterSeconds };
  }
  const honeypot = honeypotOf(source);
  if (typeof honeypot === "string" && honeypot.trim() !== "") return { status: 200, message: CONTACT_MESSAGES.success };

  const stored = await insertContactMessage(db, { ...parsed.data, clientIp: options.clientIp });
  if (!settings.mail) return { status: 200, message: CONTACT_MESSAGES.success };
  try {
    await sendContactMail(settings.mail, parsed.data, settings.siteName);
  } catch (error) {
    console.error("Contact message %d stored but not mailed:", stored.id, error);
    await setContactDelivery(db, stored.id, "failed", error instanceof Error ? error.message.slice(0, 500) : String(error));
    return { status: 502, error: contactErrorText(502) };
  }
  await setContactDelivery(db, stored.id, "sent");
  return { status: 200, message: CONTACT_MESSAGES.success };
}
