import { type MouseEvent, useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { localDailyPath } from "~/lib/daily-path";
import { prefersReducedMotion } from "./reduced-motion";

/** Spec section 9: the Random button spins this long before it navigates. */
export const RANDOM_NAVIGATION_MS = 1200;

/**
 * 'Daily' and 'Random', under "Or try your luck...". Both are real links, so they work without
 * JavaScript. The server links Daily to today's UTC date; the browser corrects it to the reader's own
 * date. Random spins for 1.2 s before navigating (at once for readers who prefer less motion).
 */
export function LuckButtons({ serverDailyPath }: { serverDailyPath: string }) {
  const [dailyPath, setDailyPath] = useState(serverDailyPath);
  const [spinning, setSpinning] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const navigate = useNavigate();

  useEffect(() => setDailyPath(localDailyPath()), []);
  useEffect(() => () => clearTimeout(timer.current), []);

  const onRandom = (event: MouseEvent<HTMLAnchorElement>) => {
    // New-tab and modified clicks keep the browser's own behaviour.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (spinning) return;
    if (prefersReducedMotion()) {
      navigate("/poems/random");
      return;
    }
    setSpinning(true);
    timer.current = setTimeout(() => navigate("/poems/random"), RANDOM_NAVIGATION_MS);
  };

  return (
    <div className="home__luck">
      <p className="home__luck-text">Or try your luck...</p>
      <ul className="home__actions">
        <li>
          <Link to={dailyPath} className="button home__daily" data-testid="daily-link">
            <CalendarIcon />
            Daily
          </Link>
        </li>
        <li>
          <Link
            to="/poems/random"
            className="button home__random"
            data-spinning={spinning ? "" : undefined}
            aria-busy={spinning || undefined}
            onClick={onRandom}
          >
            <DiceIcon />
            Random
          </Link>
        </li>
      </ul>
    </div>
  );
}

function CalendarIcon() {
  return (
    <svg className="icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <rect x="3.5" y="5" width="17" height="15" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M3.5 10h17M8 3v4M16 3v4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

function DiceIcon() {
  return (
    <svg className="icon home__random-icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <rect x="3.5" y="3.5" width="17" height="17" rx="3" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="8.5" cy="8.5" r="1.5" fill="currentColor" />
      <circle cx="15.5" cy="15.5" r="1.5" fill="currentColor" />
      <circle cx="12" cy="12" r="1.5" fill="currentColor" />
    </svg>
  );
}
