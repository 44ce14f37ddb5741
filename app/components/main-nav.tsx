import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { useHydrated } from "./header/use-hydrated";

export interface NavGroup {
  label: string;
  links: { label: string; to: string }[];
}

// The specification's header groups, in its order.
export const NAV_GROUPS: NavGroup[] = [
  {
    label: "Poems",
    links: [
      { label: "Explore", to: "/poems" },
      { label: "Popular", to: "/popular" },
      { label: "Tools", to: "/word-frequency" },
    ],
  },
  {
    label: "Poets",
    links: [
      { label: "Explore", to: "/authors" },
      { label: "Collections", to: "/collections" },
    ],
  },
  {
    label: "Project",
    links: [
      { label: "About", to: "/about" },
      { label: "Contact", to: "/contact" },
    ],
  },
];

/** Spec section 9: a hovered menu closes this long after the pointer leaves it. */
export const MENU_CLOSE_DELAY_MS = 300;

type OpenedBy = "hover" | "click";

/**
 * The desktop dropdowns. Each trigger is a button with aria-expanded/aria-controls. Before (or without)
 * JavaScript the stylesheet shows a group's links on hover and while focus is inside it, so every link is
 * reachable; once hydrated, `data-enhanced` hands visibility to this component: hover opens (closing
 * 300 ms after the pointer leaves), click and Enter/Space toggle, ArrowDown enters, Escape closes and
 * returns focus to the trigger.
 */
export function MainNav() {
  const hydrated = useHydrated();
  const [open, setOpen] = useState<string | null>(null);
  const openedBy = useRef<OpenedBy>("click");
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const navRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();

  const cancelClose = useCallback(() => {
    clearTimeout(closeTimer.current);
    closeTimer.current = undefined;
  }, []);

  const show = useCallback(
    (label: string, by: OpenedBy) => {
      cancelClose();
      openedBy.current = by;
      setOpen(label);
    },
    [cancelClose],
  );

  // A followed link closes its menu.
  useEffect(() => setOpen(null), [pathname]);
  useEffect(() => cancelClose, [cancelClose]);

  // A press anywhere outside the navigation closes an open menu.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!navRef.current?.contains(event.target as Node)) setOpen(null);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  return (
    <nav aria-label="Main" className="main-nav" ref={navRef} data-enhanced={hydrated ? "" : undefined}>
      <ul className="main-nav__groups">
        {NAV_GROUPS.map((group) => (
          <NavMenu
            key={group.label}
            group={group}
            isOpen={open === group.label}
            enhanced={hydrated}
            onPointerEnter={() => show(group.label, open === group.label ? openedBy.current : "hover")}
            onPointerLeave={() => {
              if (open !== group.label || openedBy.current !== "hover") return;
              cancelClose();
              closeTimer.current = setTimeout(() => setOpen((current) => (current === group.label ? null : current)), MENU_CLOSE_DELAY_MS);
            }}
            onToggle={() => {
              cancelClose();
              if (open === group.label && openedBy.current === "hover") {
                // The pointer opened it on the way to the click: the click keeps it open.
                openedBy.current = "click";
              } else if (open === group.label) {
                setOpen(null);
              } else {
                show(group.label, "click");
              }
            }}
            onOpenByKey={() => show(group.label, "click")}
            onClose={() => setOpen((current) => (current === group.label ? null : current))}
          />
        ))}
      </ul>
    </nav>
  );
}

interface NavMenuProps {
  group: NavGroup;
  isOpen: boolean;
  enhanced: boolean;
  onPointerEnter(): void;
  onPointerLeave(): void;
  onToggle(): void;
  onOpenByKey(): void;
  onClose(): void;
}

function NavMenu({ group, isOpen, enhanced, onPointerEnter, onPointerLeave, onToggle, onOpenByKey, onClose }: NavMenuProps) {
  const menuId = `nav-menu-${group.label.toLowerCase()}`;
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const focusFirst = useRef(false);

  // ArrowDown on the trigger opens the menu and lands on its first link once it is rendered.
  useEffect(() => {
    if (isOpen && focusFirst.current) {
      focusFirst.current = false;
      listRef.current?.querySelector<HTMLElement>("a")?.focus();
    }
  }, [isOpen]);

  const links = () => Array.from(listRef.current?.querySelectorAll<HTMLElement>("a") ?? []);

  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>) => {
    if (event.key === "Escape" && isOpen) {
      event.preventDefault();
      onClose();
      buttonRef.current?.focus();
      return;
    }
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    if (event.target === buttonRef.current) {
      if (event.key !== "ArrowDown") return;
      event.preventDefault();
      if (isOpen) links()[0]?.focus();
      else {
        focusFirst.current = true;
        onOpenByKey();
      }
      return;
    }
    const items = links();
    const index = items.indexOf(event.target as HTMLElement);
    if (index < 0) return;
    event.preventDefault();
    const next = event.key === "ArrowDown" ? (index + 1) % items.length : (index - 1 + items.length) % items.length;
    items[next]?.focus();
  };

  return (
    <li
      className="main-nav__group"
      data-open={isOpen ? "" : undefined}
      onPointerEnter={(event) => event.pointerType === "mouse" && onPointerEnter()}
      onPointerLeave={(event) => event.pointerType === "mouse" && onPointerLeave()}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        // Tabbing out of the group closes it; moving between its own links does not.
        if (isOpen && !event.currentTarget.contains(event.relatedTarget as Node | null)) onClose();
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="main-nav__button"
        aria-expanded={isOpen}
        aria-controls={menuId}
        onClick={onToggle}
      >
        {group.label}
      </button>
      <ul id={menuId} ref={listRef} className="main-nav__links" hidden={enhanced && !isOpen}>
        {group.links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="main-nav__link">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </li>
  );
}
