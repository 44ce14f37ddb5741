/**
 * The browser side of Web Push for the settings screen: permission, the push subscription, and the
 * /api/notifications calls (same-origin, so the session cookie signs them).
 */

export interface NotificationPreferences {
  daily_poem: boolean;
  weekly_digest: boolean;
  author_updates: boolean;
  product_updates: boolean;
  daily_poem_time_minutes: number;
  timezone: string;
  next_daily_poem_at_utc: string | null;
}

export type PreferenceKey = "daily_poem" | "weekly_digest" | "author_updates" | "product_updates";

export const PREFERENCE_KEYS: readonly PreferenceKey[] = ["daily_poem", "weekly_digest", "author_updates", "product_updates"];

export class PermissionDenied extends Error {
  constructor() {
    super("Notifications permission denied");
  }
}

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(path, {
    method,
    headers: { Accept: "application/json", ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: "same-origin",
  });
  if (!response.ok) throw new Error(`HTTP error! status: ${response.status}`);
  if (!response.headers.get("Content-Type")?.includes("json")) throw new Error("Invalid response format");
  return (await response.json()) as T;
}

export const loadPreferences = () => call<NotificationPreferences>("GET", "/api/notifications/preferences");

export const savePreferences = (change: Partial<Omit<NotificationPreferences, "next_daily_poem_at_utc">>) =>
  call<NotificationPreferences>("PUT", "/api/notifications/preferences", change);

export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const padded = base64url.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (base64url.length % 4)) % 4);
  const raw = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

export function pushSupported(): boolean {
  return typeof window !== "undefined" && "Notification" in window && "serviceWorker" in navigator && "PushManager" in window;
}

/** Asks for permission, subscribes this browser with the server's key, and hands the subscription to the server. */
export async function subscribeThisBrowser(): Promise<void> {
  if (!pushSupported()) throw new Error("This browser cannot receive push notifications");
  const permission = await Notification.requestPermission();
  if (permission !== "granted") throw new PermissionDenied();
  const registration = await navigator.serviceWorker.register("/sw.js", { scope: "/", updateViaCache: "none" });
  await navigator.serviceWorker.ready;
  const { vapidPublicKey } = await call<{ vapidPublicKey: string }>("GET", "/api/notifications/public_key");
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(vapidPublicKey) }));
  await call("POST", "/api/notifications/subscribe", subscription.toJSON());
}

/** Removes this browser's subscription, on the server and in the browser. */
export async function unsubscribeThisBrowser(): Promise<void> {
  if (!pushSupported()) return;
  const registration = await navigator.serviceWorker.getRegistration("/");
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  await call("DELETE", "/api/notifications/subscribe", { endpoint: subscription.endpoint }).catch((error: Error) => {
    // Already gone on the server is fine: the goal is that it is gone.
    if (!/status: 404/.test(error.message)) throw error;
  });
  await subscription.unsubscribe();
}
