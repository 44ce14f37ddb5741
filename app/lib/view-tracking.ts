/**
 * View recording rules shared by the browser (which avoids sending duplicates) and the server (which is the
 * authority and refuses them anyway). Spec sections 3, 5 and 9.
 */
export const VIEW_SOURCES = ["poem-page", "random", "daily"] as const;
export type ViewSource = (typeof VIEW_SOURCES)[number];

/** Duplicate-view windows: 30 minutes on the poem page, 5 s on the random and daily screens. */
export const VIEW_WINDOW_MS: Record<ViewSource, number> = {
  "poem-page": 30 * 60_000,
  random: 5_000,
  daily: 5_000,
};

export const RECENT_VIEWS_KEY = "recent_poem_views";
export const SESSION_ID_KEY = "anonymous_session_id";
export const UNKNOWN_SESSION = "session-unknown";

export type RecentViews = Record<string, number>;

/** The stored map, with anything that is not a poem id → time pair dropped. */
export function parseRecentViews(raw: string | null): RecentViews {
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== "object" || value === null || Array.isArray(value)) return {};
    return Object.fromEntries(Object.entries(value).filter(([, time]) => typeof time === "number" && Number.isFinite(time)));
  } catch {
    return {};
  }
}

/** Whether a view of this poem on this screen should be sent now, given when it was last sent. */
export function shouldRecordView(recent: RecentViews, poemId: string, source: ViewSource, now: number): boolean {
  const last = recent[poemId];
  return last === undefined || now - last >= VIEW_WINDOW_MS[source];
}

/** The map after a view now, without entries older than the longest window (so it never grows unbounded). */
export function withView(recent: RecentViews, poemId: string, now: number): RecentViews {
  const longest = Math.max(...Object.values(VIEW_WINDOW_MS));
  const kept = Object.entries(recent).filter(([, time]) => now - time < longest);
  return { ...Object.fromEntries(kept), [poemId]: now };
}
