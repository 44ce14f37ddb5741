import { maxHeaderSize } from "node:http";
import type { Duplex } from "node:stream";
import type { NextFunction, Request, Response } from "express";

/**
 * Errors the express layer answers itself, before or instead of React Router (a body over the limit, a
 * missing asset): a JSON error under /api, as every API error is, and a small page in the site's style
 * otherwise. The security headers set earlier stay on the response.
 */

export interface ErrorPageOptions {
  siteName: string;
  /** The site's stylesheets (from the server build's manifest), so the page looks like the others. */
  stylesheets?: string[];
}

const TITLES: Record<number, string> = {
  400: "Bad request",
  404: "Page not found",
  405: "Method not allowed",
  408: "Request timeout",
  413: "Request too large",
  431: "Request header fields too large",
  500: "Error",
  503: "Service unavailable",
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function isApiPath(path: string): boolean {
  return path === "/api" || path.startsWith("/api/");
}

/** The small error page in the site's style, for answers made outside React Router's rendering. */
export function errorPageHtml(status: number, message: string, page: ErrorPageOptions): string {
  const title = TITLES[status] ?? "Error";
  const links = (page.stylesheets ?? []).map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`).join("");
  return (
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeHtml(`${title} | ${page.siteName}`)}</title>${links}</head>` +
    `<body><main id="main" class="site-main"><section class="error-view" aria-labelledby="error-heading">` +
    `<p class="error-view__status" aria-hidden="true">${status}</p>` +
    `<h1 id="error-heading" class="error-view__title">${escapeHtml(title)}</h1>` +
    `<p class="error-view__message">${escapeHtml(message)}</p>` +
    `<ul class="error-view__links"><li><a href="/" class="button button--primary">Return home</a></li></ul>` +
    `</section></main></body></html>`
  );
}

export function sendError(req: Request, res: Response, status: number, message: string, page: ErrorPageOptions) {
  res.status(status);
  res.setHeader("Cache-Control", "no-store");
  if (isApiPath(req.path)) {
    res.type("application/json; charset=utf-8").send(JSON.stringify({ error: message }));
    return;
  }
  res.type("text/html; charset=utf-8").send(errorPageHtml(status, message, page));
}

/**
 * Node's HTTP parser refuses some requests before express sees them (an address and headers over
 * http.maxHeaderSize, bytes that are not HTTP, headers that never finish) and would answer with a bare status
 * and no body. This answers them as the app answers everything else: JSON under /api, the error page otherwise.
 */
export function clientErrorResponder(page: ErrorPageOptions) {
  return (error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Duplex) => {
    if (error.code === "ECONNRESET" || !socket.writable) {
      socket.destroy();
      return;
    }
    const [status, message] =
      error.code === "HPE_HEADER_OVERFLOW"
        ? [431, `The request's address and headers are larger than the limit of ${maxHeaderSize / 1024} KB.`]
        : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
          ? [408, "The request was not received in time."]
          : [400, "The request could not be read as HTTP."];
    const requestLine = error.rawPacket?.toString("latin1", 0, 64) ?? "";
    const api = /^[A-Z]+ \/api(?:[/?# ]|$)/.test(requestLine);
    const body = api ? JSON.stringify({ error: message }) : errorPageHtml(status, message, page);
    socket.end(
      `HTTP/1.1 ${status} ${TITLES[status]}\r\n` +
        `Content-Type: ${api ? "application/json" : "text/html"}; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n` +
        `Content-Security-Policy: default-src 'none'; style-src 'self'\r\nConnection: close\r\n\r\n${body}`,
    );
  };
}

/** The last express handler: errors passed on by middleware (a static file not found, …). */
export function errorResponder(page: ErrorPageOptions) {
  return (error: unknown, req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error);
    const raw = (error as { status?: unknown; statusCode?: unknown } | null)?.status ??
      (error as { statusCode?: unknown } | null)?.statusCode;
    const status = typeof raw === "number" && raw >= 400 && raw < 600 ? raw : 500;
    if (status >= 500) console.error(error);
    const message =
      status === 404
        ? "Nothing is published at this address."
        : status < 500 && error instanceof Error && error.message
          ? error.message
          : "Something went wrong on our side. Please try again later.";
    sendError(req, res, status, message, page);
  };
}
