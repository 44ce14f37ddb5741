import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import { AUTH_TITLES, AuthForm, type AuthActionData, type AuthMode } from "./auth-form";
import "~/styles/account.css";

/** Set when the dialog's form is sent, so the user menu that replaces the button can take the focus. */
export const signInFocus = { pending: false };

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), [tabindex]:not([tabindex="-1"])';

/**
 * The header's Sign In. Without JavaScript (and before hydration) it is a link to /login. With it, a button
 * that opens a modal <dialog> holding the same form: labelled by its title, focus kept inside (Tab wraps),
 * Escape or the Close button closes it and focus returns to the button. The form posts through a fetcher to
 * /login; on success the session cookie is set and the page reloads its data, so the header shows the user
 * menu in its place.
 */
export function SignInButton({ hydrated, className }: { hydrated: boolean; className: string }) {
  const location = useLocation();
  const redirectTo = `${location.pathname}${location.search}`;
  const dialogRef = useRef<HTMLDialogElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [mode, setMode] = useState<AuthMode>("signin");
  const fetcher = useFetcher<AuthActionData>({ key: "sign-in-dialog" });

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      dialog.querySelector<HTMLElement>("input:not([type=hidden])")?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  // A switch between the two forms puts the focus on the new form's first field.
  useEffect(() => {
    if (open) dialogRef.current?.querySelector<HTMLElement>("input:not([type=hidden])")?.focus();
  }, [mode, open]);

  if (!hydrated) {
    return (
      <a href={redirectTo === "/" ? "/login" : `/login?${new URLSearchParams({ redirectTo })}`} className={className}>
        Sign In
      </a>
    );
  }

  const close = () => setOpen(false);

  const trapTab = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== "Tab") return;
    const items = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
      (item) => item.offsetParent !== null || item === document.activeElement,
    );
    if (items.length === 0) return;
    const first = items[0];
    const last = items[items.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const titleId = "auth-dialog-title";
  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        className={className}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setMode("signin");
          setOpen(true);
        }}
      >
        Sign In
      </button>
      <dialog
        ref={dialogRef}
        className="auth-dialog"
        aria-labelledby={titleId}
        onKeyDown={trapTab}
        onClose={() => {
          setOpen(false);
          triggerRef.current?.focus();
        }}
        onClick={(event) => {
          // A press on the backdrop (the dialog element itself, outside its content box) closes it.
          if (event.target === event.currentTarget) {
            const box = event.currentTarget.getBoundingClientRect();
            const inside =
              event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
            if (!inside) close();
          }
        }}
      >
        {open && (
          <>
            <div className="auth-dialog__header">
              <h2 id={titleId} className="auth-dialog__title">
                {AUTH_TITLES[mode]}
              </h2>
              <button type="button" className="auth-dialog__close" onClick={close} aria-label="Close">
                <span aria-hidden="true">×</span>
              </button>
            </div>
            <AuthForm
              key={mode}
              mode={mode}
              redirectTo={redirectTo}
              idPrefix="dialog"
              FormComponent={fetcher.Form}
              result={fetcher.data}
              busy={fetcher.state !== "idle"}
              onModeChange={setMode}
              onSubmitValid={() => {
                signInFocus.pending = true;
              }}
            />
          </>
        )}
      </dialog>
    </>
  );
}
