import type { NextFunction, Request, Response } from "express";

/** Seconds a client should wait before retrying a 503: about how long a database restart takes. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * Puts Retry-After on every 503, whoever made it (an API loader, a page's error boundary, /api/health), so
 * clients and load balancers back off briefly instead of hammering a site whose database is down.
 */
export function retryAfterOn503(seconds = RETRY_AFTER_SECONDS) {
  return (_req: Request, res: Response, next: NextFunction) => {
    const writeHead = res.writeHead;
    res.writeHead = function (this: Response, ...args: unknown[]) {
      const status = typeof args[0] === "number" ? args[0] : this.statusCode;
      if (status === 503 && !this.hasHeader("Retry-After")) this.setHeader("Retry-After", String(seconds));
      return (writeHead as (...a: unknown[]) => Response).apply(this, args);
    } as Response["writeHead"];
    next();
  };
}
