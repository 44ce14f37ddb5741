import { type KeyboardEvent, type MouseEvent, useEffect, useRef, useState } from "react";
import { Form, Link, useLocation } from "react-router";
import { useUser } from "../account/use-user";
import { NAV_GROUPS } from "../main-nav";

const PANEL_ID = "mobile-menu";

// The backdrop is a link too, but out of the tab order (tabindex -1): focus never lands on it.
const FOCUSABLE = ["a[href]", "button:not([disabled])", "input:not([disabled])", "[tabindex]"]
  .map((selector) => `${selector}:not([tabindex="-1"])`)
  .join(", ");

/**
 * The slide-over menu used below 768 px. The trigger is a link to #mobile-menu, so without JavaScript the
 * panel opens through :target and closes through its "#" link. With JavaScript it behaves as a modal
 * dialog: focus moves into it and is trapped there, Escape or the backdrop closes it, and focus returns
 * to the Menu button.
 */
export function MobileMenu() {
  const user = useUser();
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLAnchorElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();

  const close = (returnFocus = true) => {
    setOpen(false);
    if (returnFocus) triggerRef.current?.focus();
  };

  // Following a link inside closes the menu (the new page takes focus, not the trigger).
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    panelRef.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    // The page behind must not scroll while the panel covers it.
    const previous = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      document.body.style.overflow = previous;
    };
  }, [open]);

  const onTriggerClick = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    setOpen(true);
  };

  const onTriggerKeyDown = (event: KeyboardEvent<HTMLAnchorElement>) => {
    // role="button" promises Space as well as Enter.
    if (event.key === " ") {
      event.preventDefault();
      setOpen(true);
    }
  };

  const onPanelKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "Escape") {
      event.preventDefault();
      close();
      return;
    }
    if (event.key !== "Tab") return;
    const items = Array.from(panelRef.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []).filter(
      (el) => el.offsetParent !== null,
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

  return (
    <div className="mobile-menu-root">
      <a
        ref={triggerRef}
        href={`#${PANEL_ID}`}
        role="button"
        className="mobile-menu__trigger"
        aria-expanded={open}
        aria-controls={PANEL_ID}
        onClick={onTriggerClick}
        onKeyDown={onTriggerKeyDown}
      >
        <MenuIcon />
        <span>Menu</span>
      </a>
      <div
        id={PANEL_ID}
        ref={panelRef}
        className="mobile-menu"
        data-open={open ? "" : undefined}
        role="dialog"
        aria-modal="true"
        aria-labelledby="mobile-menu-title"
        onKeyDown={onPanelKeyDown}
      >
        <a
          href="#"
          className="mobile-menu__backdrop"
          tabIndex={-1}
          aria-hidden="true"
          onClick={(event) => {
            event.preventDefault();
            close();
          }}
        />
        <div className="mobile-menu__panel">
          <div className="mobile-menu__top">
            <h2 id="mobile-menu-title" className="mobile-menu__title">
              Menu
            </h2>
            <a
              href="#"
              role="button"
              className="mobile-menu__close"
              onClick={(event) => {
                event.preventDefault();
                close();
              }}
              onKeyDown={(event) => {
                if (event.key === " ") {
                  event.preventDefault();
                  close();
                }
              }}
            >
              <span aria-hidden="true">×</span>
              <span className="visually-hidden">Close menu</span>
            </a>
          </div>
          <nav aria-label="Mobile" className="mobile-menu__nav">
            {NAV_GROUPS.map((group) => (
              <section key={group.label} className="mobile-menu__group" aria-labelledby={`mobile-group-${group.label}`}>
                <h3 id={`mobile-group-${group.label}`} className="mobile-menu__group-title">
                  {group.label}
                </h3>
                <ul className="mobile-menu__links">
                  {group.links.map((link) => (
                    <li key={link.to}>
                      <Link to={link.to} className="mobile-menu__link" onClick={() => close(false)}>
                        {link.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
            <ul className="mobile-menu__links mobile-menu__links--extra">
              <li>
                <Link to="/settings" className="mobile-menu__link" onClick={() => close(false)}>
                  Settings
                </Link>
              </li>
              {user ? (
                <>
                  <li>
                    <Link to="/favorites" className="mobile-menu__link" onClick={() => close(false)}>
                      Favorites
                    </Link>
                  </li>
                  <li>
                    <Form method="post" action="/logout" onSubmit={() => close(false)}>
                      <button type="submit" className="mobile-menu__link mobile-menu__link--button">
                        Sign Out ({user.firstName})
                      </button>
                    </Form>
                  </li>
                </>
              ) : (
                <li>
                  <a href="/login" className="mobile-menu__link">
                    Sign In
                  </a>
                </li>
              )}
            </ul>
          </nav>
        </div>
      </div>
    </div>
  );
}

function MenuIcon() {
  return (
    <svg className="icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d="M4 6h16M4 12h16M4 18h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
