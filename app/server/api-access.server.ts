import type { NextFunction, Request, Response } from "express";
import { clientIpOf } from "./load-context";
import { memoryRateCounter, type RateCounter } from "./rate-counter.server";
import { readCookies } from "./response-cache.server";

/**
 * The express layer in front of /api: CORS for anonymous reads and a per-address rate limit. It runs before
 * the in-process response cache, so answers served from the cache are counted and carry fresh headers too.
 *
 * CORS: GET and HEAD answers get `Access-Control-Allow-Origin: *` (never with credentials), and a preflight
 * (OPTIONS) is answered at once with the allowed methods and headers. A call that carries a session cookie or an
 * Authorization header is personal: it gets no CORS headers, so no other site can read it with the reader's
 * credentials.
 *
 * Rate limit: fixed windows of `windowSeconds` shared by all addresses; each address may make `limit` calls per
 * window. Every answer says where it stands (IETF draft-ietf-httpapi-ratelimit-headers: RateLimit-Limit,
 * RateLimit-Remaining, RateLimit-Reset in seconds); past the limit the answer is 429 JSON with Retry-After.
 * The counts are kept by a RateCounter (rate-counter.server.ts): in this process's memory by default, in Redis
 * when several app processes must count together (REDIS_URL). A call that could not be counted (Redis down,
 * too many addresses) is let through without RateLimit headers.
 */

export interface ApiAccessOptions {
  /** Calls per window per client address; 0 turns the limit off. */
  limit: number;
  windowSeconds: number;
  /** Cookies anonymous readers carry too (the reading preferences): not a sign of a personal call. */
  anonymousCookies: string[];
  now?: () => number;
  /** Where calls are counted; default: this process's memory. */
  counter?: RateCounter;
}

const CORS_METHODS = "GET, HEAD, OPTIONS";
const CORS_REQUEST_HEADERS = "Accept, Accept-Language, Content-Language, Content-Type, If-None-Match, If-Modified-Since";
const CORS_EXPOSED_HEADERS =
  "ETag, Link, Retry-After, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, X-Cache, Content-Length";
const PREFLIGHT_MAX_AGE = "86400";

export function isPersonalRequest(req: Request, anonymousCookies: string[]): boolean {
  return Boolean(req.get("Authorization")) || readCookies(req.get("Cookie"), anonymousCookies).other;
}

export function createApiAccess(options: ApiAccessOptions) {
  const now = options.now ?? Date.now;
  const windowMs = options.windowSeconds * 1000;
  const counter = options.counter ?? memoryRateCounter();

  /** Counts the call; returns the headers to send and whether it is over the limit, or null when uncounted. */
  async function count(address: string) {
    const at = now();
    const start = Math.floor(at / windowMs) * windowMs;
    const used = await counter(address, start, windowMs);
    if (used === null) return null;
    const reset = Math.max(1, Math.ceil((start + windowMs - at) / 1000));
    return { reset, remaining: Math.max(0, options.limit - used), over: used > options.limit };
  }

  return async function apiAccess(req: Request, res: Response, next: NextFunction): Promise<void> {
    const personal = isPersonalRequest(req, options.anonymousCookies);
    const readMethod = req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS";
    if (readMethod && !personal) {
      res.setHeader("Access-Control-Allow-Origin", "*");
      res.setHeader("Access-Control-Expose-Headers", CORS_EXPOSED_HEADERS);
    }
    const state = options.limit > 0 ? await count(clientIpOf({ clientIp: req.ip ?? req.socket.remoteAddress })) : null;
    if (state) {
      res.setHeader("RateLimit-Limit", String(options.limit));
      res.setHeader("RateLimit-Remaining", String(state.remaining));
      res.setHeader("RateLimit-Reset", String(state.reset));
      if (state.over) {
        res.setHeader("Retry-After", String(state.reset));
        res.setHeader("Cache-Control", "no-store");
        res.status(429).json({
          error: `Too many requests: at most ${options.limit} API calls per ${options.windowSeconds} seconds from one address`,
          retry_after: state.reset,
        });
        return;
      }
    }
    if (req.method === "OPTIONS") {
      // A preflight (or a plain OPTIONS): what a cross-origin page may send. Never credentials.
      res.setHeader("Allow", CORS_METHODS);
      if (!personal) {
        res.setHeader("Access-Control-Allow-Methods", CORS_METHODS);
        res.setHeader("Access-Control-Allow-Headers", CORS_REQUEST_HEADERS);
        res.setHeader("Access-Control-Max-Age", PREFLIGHT_MAX_AGE);
      }
      res.setHeader("Cache-Control", "no-store");
      res.status(204).end();
      return;
    }
    next();
  };
}
