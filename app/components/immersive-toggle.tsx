import { useEffect, useState } from "react";
import "~/styles/poem.css";

/**
 * Phones only (the stylesheet hides it from 640 px up): hides the header and everything around the poem
 * by marking <html data-immersive>. The button stays, floating, to come back; Escape also exits. Rendered
 * only once JavaScript runs, since without it the button could do nothing.
 */
export function ImmersiveToggle() {
  const [mounted, setMounted] = useState(false);
  const [on, setOn] = useState(false);

  useEffect(() => setMounted(true), []);

  useEffect(() => {
    const root = document.documentElement;
    if (!on) {
      root.removeAttribute("data-immersive");
      return;
    }
    root.setAttribute("data-immersive", "");
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") setOn(false);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      root.removeAttribute("data-immersive");
    };
  }, [on]);

  if (!mounted) return null;
  return (
    <button type="button" className="immersive-toggle" onClick={() => setOn((value) => !value)}>
      <svg className="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          d={on ? "M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5" : "M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5"}
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
        />
      </svg>
      {on ? "Exit immersive mode" : "Immersive mode"}
    </button>
  );
}
