import { isTimeZone } from "./daily-date";

/**
 * The reader's time zone, which decides what "today" is on the daily screens. The browser's own zone is
 * kept in a small cookie (set by the daily page's script); without it the server counts in UTC.
 */
export const TIME_ZONE_COOKIE = "pc_tz";

export function timeZoneFromCookieHeader(header: string | null): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name !== TIME_ZONE_COOKIE) continue;
    let value: string;
    try {
      value = decodeURIComponent(rest.join("="));
    } catch {
      return null;
    }
    return isTimeZone(value) ? value : null;
  }
  return null;
}

/**
 * The cookie the browser script writes: a year, whole site, Lax, Secure over HTTPS. It cannot be HttpOnly:
 * only script knows the zone and writes it (document.cookie cannot set HttpOnly), and it holds no secret.
 */
export function timeZoneCookie(timeZone: string, secure = false): string {
  return `${TIME_ZONE_COOKIE}=${encodeURIComponent(timeZone)}; Path=/; Max-Age=31536000; SameSite=Lax${secure ? "; Secure" : ""}`;
}
