import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from "react";
import { DEFAULT_PREFERENCES, preferencesCookie, type ReadingPreferences } from "~/lib/reading-preferences";

interface PreferencesContextValue {
  preferences: ReadingPreferences;
  /**
   * Applies new preferences at once (the <html> attributes re-render). With `persist` (the default) the
   * cookie is written too, so the next server render, even after a reload, already uses them.
   */
  setPreferences(next: ReadingPreferences, options?: { persist?: boolean }): void;
}

const PreferencesContext = createContext<PreferencesContextValue>({
  preferences: DEFAULT_PREFERENCES,
  setPreferences: () => {},
});

export function usePreferences(): PreferencesContextValue {
  return useContext(PreferencesContext);
}

export function writePreferencesCookie(prefs: ReadingPreferences) {
  document.cookie = preferencesCookie(prefs, window.location.protocol === "https:");
}

/**
 * Holds the reader's preferences, starting from what the server read from the cookie. When the root loader
 * revalidates and reports different values (the cookie changed), those win.
 */
export function PreferencesProvider({ server, children }: { server: ReadingPreferences; children: ReactNode }) {
  const [preferences, setState] = useState(server);
  const serverKey = JSON.stringify(server);
  const [seenServerKey, setSeenServerKey] = useState(serverKey);
  if (serverKey !== seenServerKey) {
    setSeenServerKey(serverKey);
    setState(server);
  }

  const setPreferences = useCallback((next: ReadingPreferences, options?: { persist?: boolean }) => {
    setState(next);
    if (options?.persist ?? true) writePreferencesCookie(next);
  }, []);

  const value = useMemo(() => ({ preferences, setPreferences }), [preferences, setPreferences]);
  return <PreferencesContext.Provider value={value}>{children}</PreferencesContext.Provider>;
}
