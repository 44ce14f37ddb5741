import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { Form, Link, useLocation } from "react-router";
import { signInFocus } from "./sign-in-dialog";
import "~/styles/account.css";

export const USER_MENU_LINKS = [
  { label: "Profile", to: "/profile" },
  { label: "Favorites", to: "/favorites" },
  { label: "Settings", to: "/settings" },
] as const;

/**
 * The signed-in reader's menu, labelled with the first name (or 'Profile'): Profile, Favorites, Settings and
 * Sign Out (a POST form, never a link). Without JavaScript it is a list the stylesheet reveals on hover and
 * focus. Once hydrated it is an ARIA menu button: Enter, Space or ArrowDown open it on the first item,
 * ArrowUp on the last; arrows, Home and End move; Escape closes it and returns to the button; Tab leaves.
 */
export function UserMenu({ firstName, hydrated }: { firstName: string; hydrated: boolean }) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const focusOnOpen = useRef<"first" | "last" | null>(null);
  const { pathname } = useLocation();
  const label = firstName.trim() || "Profile";

  const items = () => Array.from(listRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  useEffect(() => setOpen(false), [pathname]);

  // Just signed in through the dialog: the focus was in the dialog, which is gone; bring it here.
  useEffect(() => {
    if (signInFocus.pending) {
      signInFocus.pending = false;
      buttonRef.current?.focus();
    }
  }, []);

  useEffect(() => {
    if (!open) return;
    if (focusOnOpen.current) {
      const list = items();
      (focusOnOpen.current === "first" ? list[0] : list[list.length - 1])?.focus();
      focusOnOpen.current = null;
    }
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  const openWith = (focus: "first" | "last") => {
    focusOnOpen.current = focus;
    if (open) {
      const list = items();
      (focus === "first" ? list[0] : list[list.length - 1])?.focus();
      focusOnOpen.current = null;
    } else {
      setOpen(true);
    }
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === "ArrowDown" || event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      openWith("first");
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      openWith("last");
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      setOpen(false);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    let next: number | null = null;
    switch (event.key) {
      case "ArrowDown":
        next = (index + 1) % list.length;
        break;
      case "ArrowUp":
        next = (index - 1 + list.length) % list.length;
        break;
      case "Home":
        next = 0;
        break;
      case "End":
        next = list.length - 1;
        break;
      case "Escape":
        event.preventDefault();
        setOpen(false);
        buttonRef.current?.focus();
        return;
      case "Tab":
        setOpen(false);
        return;
      default:
        return;
    }
    event.preventDefault();
    list[next]?.focus();
  };

  const menuId = "user-menu-items";
  const itemProps = hydrated ? { role: "menuitem", tabIndex: -1 } : {};
  return (
    <div ref={rootRef} className="user-menu" data-enhanced={hydrated ? "" : undefined}>
      <button
        ref={buttonRef}
        type="button"
        className="user-menu__button"
        aria-haspopup={hydrated ? "menu" : undefined}
        aria-expanded={hydrated ? open : undefined}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={hydrated ? onButtonKeyDown : undefined}
      >
        {label}
      </button>
      <ul
        id={menuId}
        ref={listRef}
        className="user-menu__items"
        role={hydrated ? "menu" : undefined}
        aria-label={hydrated ? label : undefined}
        hidden={hydrated && !open}
        onKeyDown={hydrated ? onMenuKeyDown : undefined}
      >
        {USER_MENU_LINKS.map((link) => (
          <li key={link.to} role={hydrated ? "none" : undefined}>
            <Link to={link.to} className="user-menu__item" {...itemProps} onClick={() => setOpen(false)}>
              {link.label}
            </Link>
          </li>
        ))}
        <li role={hydrated ? "none" : undefined}>
          <Form method="post" action="/logout">
            <button type="submit" className="user-menu__item" {...itemProps}>
              Sign Out
            </button>
          </Form>
        </li>
      </ul>
    </div>
  );
}
