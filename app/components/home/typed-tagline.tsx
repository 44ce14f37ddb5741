import { useEffect, useState } from "react";
import {
  FINAL_TAGLINE,
  FINISHED_TAGLINE,
  INITIAL_TAGLINE,
  nextTaglineStep,
  pickQuoteIndex,
  quoteLine,
  TAGLINE_QUOTES,
  type TaglineState,
} from "~/lib/home-tagline";
import { prefersReducedMotion } from "./reduced-motion";

const LAST_QUOTE_KEY = "home-tagline-quote";

/** Which quotation to type this time: random, and not the one this tab showed last. */
function chooseQuote(): string {
  let previous: number | null = null;
  try {
    const stored = sessionStorage.getItem(LAST_QUOTE_KEY);
    previous = stored === null ? null : Number(stored);
  } catch {
    // Storage can be unavailable (privacy modes); a repeat is then harmless.
  }
  const index = pickQuoteIndex(Math.random, previous);
  try {
    sessionStorage.setItem(LAST_QUOTE_KEY, String(index));
  } catch {}
  return quoteLine(TAGLINE_QUOTES[index]);
}

/**
 * The typed tagline. Server HTML (and readers who prefer less motion) get the finished phrase; with
 * JavaScript the phases of app/lib/home-tagline.ts play once. The phrase itself is given to assistive
 * technology once, in plain text; the typing is hidden from it.
 */
export function TypedTagline() {
  const [state, setState] = useState<TaglineState>(FINISHED_TAGLINE);

  useEffect(() => {
    if (prefersReducedMotion()) return;
    const quote = chooseQuote();
    let current = INITIAL_TAGLINE;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      const step = nextTaglineStep(current, quote);
      if (!step) return;
      timer = setTimeout(() => {
        current = step.state;
        setState(current);
        schedule();
      }, step.delay);
    };
    setState(current);
    schedule();
    return () => clearTimeout(timer);
  }, []);

  return (
    <p className="home__tagline" data-phase={state.phase}>
      <span className="visually-hidden">{FINAL_TAGLINE}</span>
      <span aria-hidden="true" className="home__tagline-typed">
        <span data-testid="tagline-text">{state.text}</span>
        <span className="home__tagline-cursor" data-visible={state.cursorVisible ? "" : undefined} />
      </span>
    </p>
  );
}
