import { randomFillSync } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { TLSSocket } from "node:tls";
import type { NextFunction, Request, Response } from "express";

/**
 * The security headers every response carries (pages, /api, static files, errors, response-cache hits), set
 * by one middleware in front of everything else so no path can miss them.
 *
 * Content-Security-Policy: scripts only from this origin or inline with this response's nonce. React Router's
 * inline scripts (the hydration context, streamed data, scroll restoration) get the nonce from <ServerRouter
 * nonce> and React's from renderToPipeableStream (app/entry.server.tsx); JSON-LD blocks are data, not scripts,
 * and need none. Styles keep 'unsafe-inline' because React renders `style` attributes (the reader's font size
 * on <html>, poem line indents); the issue forbids only inline scripts. Images may come from any https host:
 * a poet's portrait URL is data from the corpus (pipeline/records.ts), not a file of ours.
 */

/** res.locals key of the request's nonce (read by the load context and the response cache). */
export const NONCE_LOCAL = "cspNonce";

/**
 * 16 random bytes as base64url: always 22 characters, so a cached page can have its nonce swapped for a
 * fresh one without moving anything else (app/server/nonce-template.server.ts).
 */
export function createNonce(): string {
  if (poolOffset === noncePool.length) {
    randomFillSync(noncePool);
    poolOffset = 0;
  }
  const nonce = noncePool.toString("base64url", poolOffset, poolOffset + 16);
  poolOffset += 16;
  return nonce;
}

// One call to the system's random source serves 256 requests; every nonce still gets its own 16 bytes.
const noncePool = Buffer.alloc(16 * 256);
let poolOffset = noncePool.length;

const CSP_DIRECTIVES = [
  "default-src 'self'",
  "script-src 'self' 'nonce-{NONCE}'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "font-src 'self' data:",
  "media-src 'self'",
  "connect-src 'self'",
  // A service worker (/sw.js) and Web Push run from this origin.
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  // Every form posts to this site. A form whose answer redirects to another origin (an OpenID Connect
  // sign-in, say) would need that origin here: Chromium checks the redirects of form submissions too.
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");
// Split once, so each request only joins three strings.
const [CSP_BEFORE, CSP_AFTER] = CSP_DIRECTIVES.split("{NONCE}") as [string, string];

export function contentSecurityPolicy(nonce: string): string {
  return CSP_BEFORE + nonce + CSP_AFTER;
}

/** Browser features the site never uses are switched off; fullscreen serves immersive mode and the word cloud. */
export const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "autoplay=()",
  "browsing-topics=()",
  "camera=()",
  "display-capture=()",
  "encrypted-media=()",
  "geolocation=()",
  "gyroscope=()",
  "hid=()",
  "idle-detection=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  "picture-in-picture=()",
  "publickey-credentials-get=()",
  "screen-wake-lock=()",
  "serial=()",
  "usb=()",
  "xr-spatial-tracking=()",
  "fullscreen=(self)",
  // The share menu's "Copy link". (web-share is left at its default, self: Chromium does not know the name
  // and would log an error for it.)
  "clipboard-write=(self)",
].join(", ");

export const HSTS = "max-age=31536000";

export interface SecurityHeadersOptions {
  nodeEnv: string;
  siteUrl?: string;
}

/**
 * Whether the visitor reached the site over HTTPS: the connection itself, a proxy's X-Forwarded-Proto, or a
 * public SITE_URL that is https (the site is then only ever reached that way). Browsers ignore HSTS received
 * over plain HTTP, so a forged X-Forwarded-Proto gains nothing.
 */
function overHttps(req: IncomingMessage, siteUrl: string | undefined): boolean {
  if ((req.socket as Partial<TLSSocket>).encrypted) return true;
  if (siteUrl?.startsWith("https:")) return true;
  const header = req.headers["x-forwarded-proto"];
  const forwarded = (Array.isArray(header) ? header[0] : header)?.split(",")[0]?.trim().toLowerCase();
  return forwarded === "https";
}

/**
 * Sets the headers on `res` and answers the nonce its scripts must carry. Shared by the middleware and the
 * response cache's answers before Express (web-server.server.ts), so both send the same headers.
 */
export function applySecurityHeaders(req: IncomingMessage, res: ServerResponse, options: SecurityHeadersOptions): string {
  const nonce = createNonce();
  res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce));
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
  // For browsers older than CSP's frame-ancestors.
  res.setHeader("X-Frame-Options", "DENY");
  if (options.nodeEnv === "production" && overHttps(req, options.siteUrl)) res.setHeader("Strict-Transport-Security", HSTS);
  return nonce;
}

export function securityHeaders(options: SecurityHeadersOptions) {
  return function setSecurityHeaders(req: Request, res: Response, next: NextFunction): void {
    res.locals[NONCE_LOCAL] = applySecurityHeaders(req, res, options);
    next();
  };
}

/** The nonce the security middleware made for this response, if it ran. */
export function nonceOf(res: Response): string | undefined {
  const nonce = res.locals[NONCE_LOCAL];
  return typeof nonce === "string" ? nonce : undefined;
}
