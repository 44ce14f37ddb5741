import { type CSSProperties, useCallback, useEffect, useRef, useState } from "react";
import { Link, useNavigate, useNavigation } from "react-router";
import { FavoriteButton } from "~/components/favorite-button";
import { PoemBody } from "~/components/poem-body";
import { PoemProvenance } from "~/components/poem-provenance";
import { ShareMenu } from "~/components/share-menu";
import { useSiteName } from "~/components/use-site-name";
import { keyStep, swipeStep, TRANSITION_IN_MS, TRANSITION_OUT_MS } from "~/components/reader/reader-input";
import type { PoemDetail } from "~/server/serialize.server";

export type ReaderPoem = Pick<
  PoemDetail,
  | "id"
  | "slug"
  | "title"
  | "subtitle"
  | "author"
  | "author_directory"
  | "year"
  | "content"
  | "favorite_count"
  | "translator"
  | "editor"
  | "note"
  | "editorial_note"
  | "rights"
  | "source"
  | "collections"
>;

type Phase = "idle" | "out" | "in";

interface ReaderProps {
  collectionTitle: string;
  /** 0-based index of `poem` in book order. */
  position: number;
  total: number;
  poem: ReaderPoem | null;
  /** The reader's URL for another position (the other list parameters ride along). */
  hrefFor: (position: number) => string;
  /** The collection page this reader was opened from. */
  exitHref: string;
  /** The poem's own absolute address, for sharing and the exported text. */
  poemUrl: string | null;
  /** Whether the signed-in reader has favorited `poem`. */
  favorited?: boolean;
}

/** Keys typed into a field or moving through an open menu are not page turns. */
function isOwnedKey(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName) ||
    target.closest('[role="menu"]') !== null
  );
}

/**
 * The full-screen Read mode of a collection: one poem at a time, its position in the URL. Every control is a
 * link first (prev/next/exit work without JavaScript, one server-rendered page per poem); with JavaScript the
 * same links, the arrow/h/l/Escape keys and horizontal swipes move with a short fade and slide, replacing the
 * URL so reload and sharing keep the place. Input during a transition, or past either end, is ignored.
 */
export function CollectionReader({ collectionTitle, position, total, poem, hrefFor, exitHref, poemUrl, favorited = false }: ReaderProps) {
  const siteName = useSiteName();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const [hydrated, setHydrated] = useState(false);
  const [phase, setPhase] = useState<Phase>("idle");
  const [direction, setDirection] = useState<1 | -1>(1);
  const busy = useRef(false);
  /** The position a started move is heading to, until its page arrives. */
  const pending = useRef<number | null>(null);
  const timers = useRef<number[]>([]);
  const rootRef = useRef<HTMLDivElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const touchStart = useRef<{ x: number; y: number } | null>(null);

  const later = useCallback((run: () => void, ms: number) => {
    timers.current.push(window.setTimeout(run, ms));
  }, []);

  useEffect(() => {
    setHydrated(true);
    // Keys work at once, and a screen reader starts in the reader rather than behind it.
    rootRef.current?.focus({ preventScroll: true });
    const pendingTimers = timers.current;
    return () => pendingTimers.forEach((t) => window.clearTimeout(t));
  }, []);

  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    // A horizontal drag belongs to the reader: without this, Chrome may treat it as its own back/forward
    // gesture and leave the reader. React's touch handlers are passive, so this one is added by hand.
    const onTouchMove = (event: TouchEvent) => {
      const start = touchStart.current;
      const touch = event.touches[0];
      if (!start || !touch || event.touches.length > 1 || !event.cancelable) return;
      if (Math.abs(touch.clientX - start.x) > Math.abs(touch.clientY - start.y)) event.preventDefault();
    };
    root.addEventListener("touchmove", onTouchMove, { passive: false });
    return () => root.removeEventListener("touchmove", onTouchMove);
  }, []);

  const go = useCallback(
    (step: -1 | 1) => {
      const target = position + step;
      if (busy.current || target < 0 || target >= total) return;
      busy.current = true;
      setDirection(step);
      setPhase("out");
      later(() => {
        pending.current = target;
        navigate(hrefFor(target), { replace: true, preventScrollReset: true });
      }, TRANSITION_OUT_MS);
    },
    [position, total, hrefFor, navigate, later],
  );

  // The new poem has arrived (or the move failed): slide it in, then accept input again.
  useEffect(() => {
    if (pending.current === null || navigation.state !== "idle") return;
    const arrived = pending.current === position;
    pending.current = null;
    if (!arrived) {
      setPhase("idle");
      busy.current = false;
      return;
    }
    scrollRef.current?.scrollTo({ top: 0 });
    setPhase("in");
    later(() => {
      setPhase("idle");
      busy.current = false;
    }, TRANSITION_IN_MS);
  }, [position, navigation.state, later]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || isOwnedKey(event.target)) return;
      if (event.key === "Escape") {
        event.preventDefault();
        navigate(exitHref);
        return;
      }
      const step = keyStep(event.key);
      if (step !== 0) {
        event.preventDefault();
        go(step);
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [go, exitHref, navigate]);

  const onTouchStart = (event: React.TouchEvent) => {
    const touch = event.touches[0];
    // A second finger means a pinch, not a swipe.
    touchStart.current = event.touches.length === 1 && touch ? { x: touch.clientX, y: touch.clientY } : null;
  };
  const onTouchEnd = (event: React.TouchEvent) => {
    const start = touchStart.current;
    touchStart.current = null;
    const touch = event.changedTouches[0];
    if (!start || !touch) return;
    const step = swipeStep(touch.clientX - start.x, touch.clientY - start.y);
    if (step !== 0) go(step);
  };

  const step = (delta: -1 | 1, label: string, className: string, text: string) => {
    const target = position + delta;
    if (target < 0 || target >= total) {
      return (
        <button type="button" className={className} aria-label={label} disabled>
          {text}
        </button>
      );
    }
    return (
      <Link
        to={hrefFor(target)}
        replace
        preventScrollReset
        className={className}
        aria-label={label}
        rel={delta < 0 ? "prev" : "next"}
        onClick={(event) => {
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          go(delta);
        }}
      >
        {text}
      </Link>
    );
  };

  return (
    <div
      ref={rootRef}
      className="reader"
      tabIndex={-1}
      role="region"
      aria-label={`Reading ${collectionTitle}`}
      onTouchStart={onTouchStart}
      onTouchEnd={onTouchEnd}
      onTouchCancel={() => {
        touchStart.current = null;
      }}
    >
      <header className="reader__bar">
        <Link to={exitHref} className="reader__exit">
          <span aria-hidden="true">←</span> Exit
        </Link>
        <div className="reader__heading">
          <p className="reader__collection">{collectionTitle}</p>
          {total > 0 && (
            <p className="reader__counter" aria-live="polite" data-testid="reader-counter">
              {position + 1} of {total}
            </p>
          )}
        </div>
        <div className="reader__actions">
          {poem && (
            <>
              <FavoriteButton poemId={poem.id} count={poem.favorite_count} favorited={favorited} />
              <ShareMenu poem={poem} url={poemUrl ?? ""} siteName={siteName} />
              <Link
                to={`/poems/${poem.slug}`}
                className="reader__action"
                aria-label="Open the poem's page"
                title="Open the poem's page"
              >
                <span aria-hidden="true">↗</span>
              </Link>
            </>
          )}
        </div>
      </header>

      <div ref={scrollRef} className="reader__scroll">
        {poem ? (
          <article
            className="reader__poem"
            data-phase={phase}
            style={{ "--reader-dir": direction } as CSSProperties}
            aria-labelledby="reader-poem-title"
          >
            <h1 id="reader-poem-title" className="reader__title">
              {poem.title}
            </h1>
            {poem.subtitle && <p className="reader__subtitle">{poem.subtitle}</p>}
            <p className="reader__byline">
              By{" "}
              {poem.author_directory ? <Link to={`/authors/${poem.author_directory}`}>{poem.author}</Link> : poem.author}
              {poem.year != null && <span> ({poem.year})</span>}
            </p>
            <PoemBody content={poem.content} />
            <footer className="reader__provenance">
              <PoemProvenance poem={poem} />
            </footer>
          </article>
        ) : (
          <p className="reader__empty">This collection has no poems to read yet.</p>
        )}
      </div>

      {total > 1 && (
        <>
          <nav className="reader__arrows" aria-label="Previous and next poem">
            {step(-1, "Previous poem", "reader__arrow reader__arrow--prev", "‹")}
            {step(1, "Next poem", "reader__arrow reader__arrow--next", "›")}
          </nav>
          <nav className="reader__mobile-nav" aria-label="Poem navigation">
            {step(-1, "Previous", "reader__mobile-step", "Previous")}
            {hydrated && position === 0 && <p className="reader__hint">Swipe to navigate</p>}
            {step(1, "Next", "reader__mobile-step", "Next")}
          </nav>
        </>
      )}
    </div>
  );
}
