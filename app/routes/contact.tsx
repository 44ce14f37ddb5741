import { data } from "react-router";
import { ContactForm, type ContactActionData } from "~/components/contact/contact-form";
import { siteNameFromMatches } from "~/components/use-site-name";
import { CONTACT_FIELDS, type ContactField } from "~/lib/contact-form";
import { requireSameOrigin } from "~/server/auth/origin.server";
import { readForm } from "~/server/form.server";
import { submitContact } from "~/server/contact/contact.server";
import { getDb } from "~/server/db.server";
import { isDatabaseUnavailable } from "~/server/http.server";
import { clientIpOf } from "~/server/load-context";
import "~/styles/contact.css";
import type { Route } from "./+types/contact";

/**
 * /contact: 'Get in Touch'. The action is what the form posts to, with or without JavaScript: the spec's
 * status codes (400 with errors by field, 429, 503, 502 for a mail failure) and texts, the values sent kept
 * on a refusal so nothing typed is lost.
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireSameOrigin(request);
  const form = await readForm(request);
  let outcome: Awaited<ReturnType<typeof submitContact>>;
  try {
    outcome = await submitContact(getDb(), form, { clientIp: clientIpOf(context) });
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    return data<ContactActionData>({ ok: false, status: 503, error: "The contact form is temporarily unavailable. Please try again later or email us directly." }, { status: 503 });
  }
  if (outcome.status === 200) return data<ContactActionData>({ ok: true, message: outcome.message });
  const values = Object.fromEntries(
    CONTACT_FIELDS.map((field) => {
      const value = form.get(field);
      return [field, typeof value === "string" ? value.slice(0, 5000) : ""];
    }),
  ) as Record<ContactField, string>;
  const body: ContactActionData = {
    ok: false,
    status: outcome.status,
    error: outcome.error,
    errors: outcome.status === 400 ? outcome.errors : undefined,
    values,
  };
  const headers: HeadersInit = outcome.status === 429 ? { "Retry-After": String(outcome.retryAfterSeconds) } : {};
  return data(body, { status: outcome.status, headers });
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteNameFromMatches(matches);
  return [
    { title: `Contact | ${site}` },
    { name: "description", content: `Send a message to the people behind ${site}.` },
  ];
};

export default function ContactPage({ actionData }: Route.ComponentProps) {
  return (
    <section className="contact-page" aria-labelledby="contact-title">
      <h1 id="contact-title">Get in Touch</h1>
      <p className="contact-page__intro">Questions, corrections or a poem you would like to see here: write to us.</p>
      <ContactForm pageResult={actionData} />
    </section>
  );
}
