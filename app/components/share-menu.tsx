import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { poemTextFileName } from "~/lib/poem-export";
import { shareText, shareTitle } from "~/lib/poem-meta";
import "~/styles/poem.css";

export interface SharePoem {
  id: string;
  title: string;
  subtitle?: string | null;
  author: string;
  year: number | null;
  content: string;
}

function ShareIcon() {
  return (
    <svg className="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <g fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
        <circle cx="18" cy="5" r="2.5" />
        <circle cx="6" cy="12" r="2.5" />
        <circle cx="18" cy="19" r="2.5" />
        <path d="M8.2 10.8l7.6-4.4M8.2 13.2l7.6 4.4" />
      </g>
    </svg>
  );
}

/**
 * Share, download as text, print. Rendered on the server as a <details> disclosure of plain links, so it
 * works before (and without) JavaScript: the download is a link to the text resource route, Print a link to
 * the print page. Once hydrated it becomes a menu button: arrow keys move through the items, Escape or a
 * click outside closes it, and any action closes it too. Native sharing is offered only where the device
 * has it.
 */
export function ShareMenu({ poem, url, siteName }: { poem: SharePoem; url: string; siteName: string }) {
  const [enhanced, setEnhanced] = useState(false);
  const [canShare, setCanShare] = useState(false);
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const focusOnOpen = useRef<"first" | "last" | null>(null);
  const menuId = useId();

  useEffect(() => {
    setEnhanced(true);
    setCanShare(typeof navigator !== "undefined" && typeof navigator.share === "function");
  }, []);

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  useEffect(() => {
    if (!open) return;
    const which = focusOnOpen.current;
    focusOnOpen.current = null;
    if (which) {
      const all = items();
      (which === "first" ? all[0] : all[all.length - 1])?.focus();
    }
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) triggerRef.current?.focus();
  };

  const openWith = (focus: "first" | "last" | null) => {
    focusOnOpen.current = focus;
    setOpen(true);
  };

  const fileName = poemTextFileName(poem.title, poem.author);
  // A resource route answers with the file as an attachment, so the page does not carry the text twice.
  const download = `/poems/${encodeURIComponent(poem.id)}/text`;
  const printHref = `/poems/${encodeURIComponent(poem.id)}/print`;

  if (!enhanced) {
    return (
      <details className="share-menu">
        <summary className="share-menu__trigger">
          <ShareIcon />
          Share
        </summary>
        <ul className="share-menu__list">
          <li>
            <a className="share-menu__item" href={download} download={fileName}>
              Download as text
            </a>
          </li>
          <li>
            <a className="share-menu__item" href={printHref}>
              Print
            </a>
          </li>
        </ul>
      </details>
    );
  }

  const nativeShare = async () => {
    close(true);
    try {
      await navigator.share({ title: shareTitle(poem), text: shareText(poem.content), url });
    } catch (error) {
      // The spec keeps share failures from the reader; a cancelled share is not a failure at all.
      if (!(error instanceof DOMException && error.name === "AbortError")) {
        console.info("Share failed:", error instanceof Error ? error.message : "unsupported");
      }
    }
  };

  const onTriggerKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape" && open) {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    } else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      openWith(event.key === "ArrowDown" ? "first" : "last");
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const all = items();
    const index = all.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      all[(to + all.length) % all.length]?.focus();
    };
    switch (event.key) {
      case "ArrowDown":
        return move(index + 1);
      case "ArrowUp":
        return move(index - 1);
      case "Home":
        return move(0);
      case "End":
        return move(all.length - 1);
      case "Escape":
        event.preventDefault();
        event.stopPropagation();
        return close(true);
      case "Tab":
        return setOpen(false);
    }
  };

  return (
    <div className="share-menu" ref={rootRef}>
      <button
        ref={triggerRef}
        type="button"
        className="share-menu__trigger"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => (open ? setOpen(false) : openWith("first"))}
        onKeyDown={onTriggerKeyDown}
      >
        <ShareIcon />
        Share
      </button>
      <ul
        ref={menuRef}
        id={menuId}
        role="menu"
        aria-label="Share this poem"
        className="share-menu__list"
        hidden={!open}
        onKeyDown={onMenuKeyDown}
      >
        {canShare && (
          <li role="none">
            <button type="button" role="menuitem" tabIndex={-1} className="share-menu__item" onClick={nativeShare}>
              Share
            </button>
          </li>
        )}
        <li role="none">
          <a
            role="menuitem"
            tabIndex={-1}
            className="share-menu__item"
            href={download}
            download={fileName}
            onClick={() => close(true)}
          >
            Download as text
          </a>
        </li>
        <li role="none">
          <Link role="menuitem" tabIndex={-1} className="share-menu__item" to={printHref} onClick={() => setOpen(false)}>
            Print
          </Link>
        </li>
      </ul>
    </div>
  );
}
