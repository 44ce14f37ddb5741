import { type FormEvent, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import {
  CONTACT_FIELDS,
  CONTACT_LIMITS,
  CONTACT_MESSAGES,
  CONTACT_SUCCESS_MS,
  type ContactErrors,
  type ContactField,
  characterCount,
  HONEYPOT_FIELD,
  parseContact,
} from "~/lib/contact-form";

/** What the /contact action answers: success, or the catalogue's error text (and errors by field on a 400). */
export type ContactActionData =
  | { ok: true; message: string }
  | { ok: false; status: number; error: string; errors?: ContactErrors; values?: Partial<Record<ContactField, string>> };

type Values = Record<ContactField, string>;
const EMPTY: Values = { name: "", email: "", message: "" };

/**
 * The contact form. It posts to the /contact action: without JavaScript as a plain form (the page comes back
 * with the errors or the success message), with it through a fetcher, after the same checks run here first.
 * While sending, every input and the button are disabled and the button reads 'Sending...'; a success message
 * stays 8 seconds, then goes, and the form is emptied.
 */
export function ContactForm({ pageResult }: { pageResult?: ContactActionData }) {
  const fetcher = useFetcher<ContactActionData>({ key: "contact" });
  const result = fetcher.data ?? pageResult;
  const failed = result && !result.ok ? result : undefined;
  const [values, setValues] = useState<Values>(() => ({ ...EMPTY, ...failed?.values }));
  const [errors, setErrors] = useState<ContactErrors>(failed?.errors ?? {});
  const [notice, setNotice] = useState<{ kind: "success" | "error"; text: string } | null>(
    result ? (result.ok ? { kind: "success", text: result.message } : { kind: "error", text: result.error }) : null,
  );
  const busy = fetcher.state !== "idle";
  const handled = useRef(fetcher.data);

  // Each new fetcher answer replaces the notice once; a success empties the form.
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || fetcher.data === handled.current) return;
    handled.current = fetcher.data;
    if (fetcher.data.ok) {
      setValues(EMPTY);
      setErrors({});
      setNotice({ kind: "success", text: fetcher.data.message });
    } else {
      setErrors(fetcher.data.errors ?? {});
      setNotice({ kind: "error", text: fetcher.data.error });
    }
  }, [fetcher.data, fetcher.state]);

  useEffect(() => {
    if (notice?.kind !== "success") return;
    const timer = setTimeout(() => setNotice(null), CONTACT_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const parsed = parseContact(new FormData(event.currentTarget));
    if (!parsed.success) {
      event.preventDefault();
      setErrors(parsed.errors);
      setNotice(null);
      const first = CONTACT_FIELDS.find((field) => parsed.errors[field]);
      if (first) document.getElementById(`contact-${first}`)?.focus();
      return;
    }
    setErrors({});
    setNotice(null);
  };

  const change = (field: ContactField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const describedBy = (field: ContactField, extra?: string) =>
    [errors[field] ? `contact-${field}-error` : null, extra].filter(Boolean).join(" ") || undefined;

  const error = (field: ContactField) =>
    errors[field] ? (
      <p id={`contact-${field}-error`} className="contact-form__error">
        {errors[field]}
      </p>
    ) : null;

  return (
    <fetcher.Form method="post" action="/contact" noValidate onSubmit={onSubmit} className="contact-form" aria-label="Contact form">
      <div className="contact-form__field">
        <label htmlFor="contact-name">Name</label>
        <input
          id="contact-name"
          name="name"
          type="text"
          autoComplete="name"
          value={values.name}
          onChange={(event) => change("name", event.target.value)}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={describedBy("name")}
          disabled={busy}
        />
        {error("name")}
      </div>
      <div className="contact-form__field">
        <label htmlFor="contact-email">Email</label>
        <input
          id="contact-email"
          name="email"
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={(event) => change("email", event.target.value)}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={describedBy("email")}
          disabled={busy}
        />
        {error("email")}
      </div>
      <div className="contact-form__field">
        <label htmlFor="contact-message">Message</label>
        <textarea
          id="contact-message"
          name="message"
          rows={8}
          maxLength={CONTACT_LIMITS.messageMax}
          value={values.message}
          onChange={(event) => change("message", event.target.value)}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={describedBy("message", "contact-message-count")}
          disabled={busy}
        />
        <p id="contact-message-count" className="contact-form__count" aria-live="polite">
          {characterCount(values.message)}
        </p>
        {error("message")}
      </div>
      {/* Only bots fill this in: it is hidden from sight, from screen readers and from the Tab order. */}
      <div className="visually-hidden" aria-hidden="true">
        <label htmlFor="contact-website">Website</label>
        <input id="contact-website" name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <button type="submit" className="button button--primary contact-form__submit" disabled={busy}>
        {busy ? "Sending..." : "Send Message"}
      </button>
      <div className="contact-form__status" aria-live="polite">
        {busy ? (
          <p className="contact-form__progress">{CONTACT_MESSAGES.sending}</p>
        ) : notice ? (
          <p className={`contact-form__notice contact-form__notice--${notice.kind}`} role={notice.kind === "error" ? "alert" : "status"}>
            {notice.text}
          </p>
        ) : null}
      </div>
    </fetcher.Form>
  );
}
