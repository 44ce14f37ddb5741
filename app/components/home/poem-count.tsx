import { useEffect, useState } from "react";
import { COUNT_UP_MS, countUpValue } from "~/lib/count-up";
import { prefersReducedMotion } from "./reduced-motion";

const numberFormat = new Intl.NumberFormat("en-US");

/**
 * The number of poems. The server HTML already holds the final figure; only once the script runs does it
 * restart from 0 and count up over 2 s, so a reader without JavaScript (or who prefers less motion) never
 * sees a wrong number. Screen readers get the final figure, not every intermediate one.
 */
export function PoemCount({ total }: { total: number }) {
  const [shown, setShown] = useState(total);

  useEffect(() => {
    if (total <= 0 || prefersReducedMotion()) {
      setShown(total);
      return;
    }
    let frame = 0;
    let start: number | undefined;
    const tick = (now: number) => {
      start ??= now;
      const elapsed = now - start;
      setShown(countUpValue(elapsed, total));
      if (elapsed < COUNT_UP_MS) frame = requestAnimationFrame(tick);
    };
    setShown(0);
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [total]);

  return (
    <p className="home__count">
      <span className="visually-hidden">
        {numberFormat.format(total)} {total === 1 ? "poem" : "poems"} to read, search and share.
      </span>
      <span aria-hidden="true">
        <span className="home__count-number" data-testid="poem-count">
          {numberFormat.format(shown)}
        </span>{" "}
        public-domain {total === 1 ? "poem" : "poems"} to read, search and share
      </span>
    </p>
  );
}
