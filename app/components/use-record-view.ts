import { useEffect } from "react";
import { useUser } from "~/components/account/use-user";
import {
  parseRecentViews,
  RECENT_VIEWS_KEY,
  SESSION_ID_KEY,
  shouldRecordView,
  UNKNOWN_SESSION,
  type ViewSource,
  withView,
} from "~/lib/view-tracking";

/** The browser's id, made once and kept in localStorage; 'session-unknown' when storage is refused. */
function browserSessionId(): string {
  try {
    let id = localStorage.getItem(SESSION_ID_KEY);
    if (!id) {
      id = crypto.randomUUID();
      localStorage.setItem(SESSION_ID_KEY, id);
    }
    return id;
  } catch {
    return UNKNOWN_SESSION;
  }
}

/**
 * Records that a signed-in reader viewed a poem (POST /api/poems/view), once the page has hydrated, so auth
 * is known from the root loader. The per-tab map in sessionStorage skips repeats inside the spec's windows;
 * the server applies the same windows, so this only saves requests. Failures are ignored (spec section 8).
 */
export function useRecordView(poemId: string | null | undefined, source: ViewSource): void {
  const signedIn = useUser() !== null;
  useEffect(() => {
    if (!signedIn || !poemId) return;
    const now = Date.now();
    let recent = {};
    try {
      recent = parseRecentViews(sessionStorage.getItem(RECENT_VIEWS_KEY));
    } catch {
      // No storage: every visit asks the server, which still refuses duplicates.
    }
    if (!shouldRecordView(recent, poemId, source, now)) return;
    try {
      sessionStorage.setItem(RECENT_VIEWS_KEY, JSON.stringify(withView(recent, poemId, now)));
    } catch {
      // As above.
    }
    fetch("/api/poems/view", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json", "X-Session-ID": browserSessionId() },
      body: JSON.stringify({ poem_id: poemId, source }),
    }).catch(() => {});
  }, [signedIn, poemId, source]);
}
