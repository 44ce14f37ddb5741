import { useEffect, useState } from "react";

/**
 * False on the server and during hydration, true once the browser has taken over. Controls that only
 * work with JavaScript switch on through it, so the server HTML stays the no-JavaScript version.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
