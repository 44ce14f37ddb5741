import nodemailer from "nodemailer";
import type { ContactInput } from "~/lib/contact-form";

export interface MailSettings {
  smtpUrl: string;
  to: string;
  from: string;
}

/**
 * Forwards one contact message by SMTP. The visitor's address goes in Reply-To, never From: the site sends
 * the mail, so it must not pretend to be the visitor (SPF/DMARC would reject it, and rightly).
 */
export async function sendContactMail(settings: MailSettings, input: ContactInput, siteName: string): Promise<void> {
  const transport = nodemailer.createTransport(settings.smtpUrl, {
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  try {
    await transport.sendMail({
      from: settings.from,
      to: settings.to,
      replyTo: { name: input.name, address: input.email },
      subject: `[${siteName}] Message from ${input.name}`,
      text: `From: ${input.name} <${input.email}>\n\n${input.message}\n`,
    });
  } finally {
    transport.close();
  }
}
