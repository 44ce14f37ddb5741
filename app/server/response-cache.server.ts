import { createHash } from "node:crypto";
import type { IncomingMessage, OutgoingHttpHeaders, RequestListener, ServerResponse } from "node:http";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import { bodyChunk } from "./body-chunk.server";
import { ByteLru } from "./byte-lru.server";
import { changedSince, dataVersion } from "./data-version.server";
import { matchesIfNoneMatch } from "./http.server";
import { type NonceTemplate, nonceTemplate } from "./nonce-template.server";
import { dependenciesOf, dependencyTags } from "./response-dependencies.server";

/**
 * An in-process shared cache of the responses anonymous readers get, in front of React Router. It stores what
 * the routes themselves declare shareable (`Cache-Control: public, s-maxage=N`, status 200, no Set-Cookie), so
 * it behaves like a CDN would: keyed by URL and by the one cookie that changes anonymous pages (the reading
 * preferences), dropped after s-maxage or as soon as anything it showed changes (data-version.server.ts: an
 * import drops everything; a favorite only that poem's answers and those that show counts of any poem, as
 * the loaders declared in response-dependencies.server.ts).
 *
 * A hit is answered from memory in one write, already compressed, with a strong ETag (304 when the client
 * has it). Requests carrying any other cookie or an Authorization header (a signed-in reader) bypass it, and
 * their responses are marked private so no shared cache downstream keeps them either.
 *
 * Beside it, a private cache of signed-in readers' pages: keyed by the whole Cookie header (the signed session
 * token, so never shared between sessions, let alone readers) and the URL, kept only for routes that declare
 * everything personal they show, and dropped when any of it changes: a favorite of the poem (by anyone), the
 * end of the reader's sessions (sign-out, password change), the session's expiry, an import. A hit costs no
 * session look-up: signing out is what removes it (session.server.ts).
 */

export interface ResponseCacheOptions {
  /** Cookie names that anonymous pages depend on: part of the key instead of a reason to bypass. */
  keyCookies: string[];
  maxEntries?: number;
  maxBytes?: number;
  /** Largest body kept, in bytes. */
  maxBodyBytes?: number;
  /**
   * The CSP nonce of a response. A page rendered with one keeps it as a template, and every hit carries the
   * fresh nonce of its own request (its header is set before the cache answers).
   */
  nonceOf?: (res: Response) => string | undefined;
  /** The session cookie: requests with it (and no other credentials) may use the private cache. */
  sessionCookie?: string;
  maxPersonalEntries?: number;
  maxPersonalBytes?: number;
  /** How long a signed-in reader's page is kept at most, in seconds (changes drop it before). */
  personalMaxAge?: number;
}

interface Entry {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
  etag: string;
  /** The data version read before it was rendered, and what it showed (data-version.server.ts). */
  version: number;
  tags: string[];
  expiresAt: number;
  gzip?: Buffer;
  br?: Buffer;
  /** Set when the body holds the nonce it was rendered with. */
  template?: NonceTemplate;
  bytes: number;
}

const PENDING = "responseCachePending";

/**
 * The headers a hit recomputes itself (length and encoding depend on the variant sent); the CSP (its nonce)
 * and HSTS (the request's scheme) belong to each request and are already set when the cache answers.
 */
const DROPPED_HEADERS = new Set([
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "etag",
  "x-cache",
  "x-private-cache",
  "vary",
  // Per-client counters the API access layer sets on every answer, hits included (api-access.server.ts).
  "ratelimit-limit",
  "ratelimit-remaining",
  "ratelimit-reset",
  "content-security-policy",
  "strict-transport-security",
  // The time the original answer took to compute; a hit computes nothing.
  "server-timing",
]);

export function sharedMaxAge(cacheControl: string | undefined): number | null {
  if (!cacheControl) return null;
  const directives = cacheControl.toLowerCase().split(",").map((d) => d.trim());
  if (!directives.includes("public") || directives.some((d) => d === "private" || d === "no-store")) return null;
  const sMaxAge = directives.find((d) => d.startsWith("s-maxage="));
  const seconds = sMaxAge ? Number(sMaxAge.slice("s-maxage=".length)) : Number.NaN;
  return Number.isInteger(seconds) && seconds > 0 ? seconds : null;
}

/** Splits a Cookie header into the values of `keyCookies` and whether any other cookie was sent. */
export function readCookies(header: string | undefined, keyCookies: string[]): { key: string; other: boolean } {
  const values: string[] = keyCookies.map(() => "");
  let other = false;
  for (const part of (header ?? "").split(";")) {
    const eq = part.indexOf("=");
    const name = (eq < 0 ? part : part.slice(0, eq)).trim();
    if (!name) continue;
    const index = keyCookies.indexOf(name);
    if (index < 0) other = true;
    else values[index] = part.slice(eq + 1).trim();
  }
  return { key: values.join("\u0001"), other };
}

/** br when the client takes it, else gzip, else the plain bytes. */
export function pickEncoding(acceptEncoding: string | undefined, brotli = true): "br" | "gzip" | "identity" {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? "").toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (name) accepted.set(name, q ? Number(q.slice(2)) : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get("*") ?? 0) > 0;
  if (brotli && ok("br")) return "br";
  if (ok("gzip")) return "gzip";
  return "identity";
}

function markPrivate(res: Response): void {
  const cacheControl = res.getHeader("Cache-Control");
  if (typeof cacheControl === "string" && /\bpublic\b/i.test(cacheControl)) {
    res.setHeader("Cache-Control", "private, no-cache");
  }
}

/**
 * Whether the answer depends on who asks: pages, and React Router's page data (`/path.data`), which carries the
 * same loader data. Browsers keep public answers and, within stale-while-revalidate, show a stale copy at once:
 * without `Vary: Cookie` a reader who signs in could be shown the anonymous copy of a page's data (their
 * favorite shown as not theirs) until the background refresh lands.
 */
function variesByCookie(req: IncomingMessage, contentType: unknown): boolean {
  return String(contentType ?? "").startsWith("text/html") || pathOf(req).endsWith(".data");
}

/** The URL as the client sent it (Express's originalUrl, which its mounted routers leave alone). */
function urlOf(req: IncomingMessage): string {
  return (req as Partial<Request>).originalUrl ?? req.url ?? "/";
}

function pathOf(req: IncomingMessage): string {
  const url = urlOf(req);
  const query = url.indexOf("?");
  return query < 0 ? url : url.slice(0, query);
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
}

/** Adds a field to Vary unless it is already there. */
function addVary(res: Response, field: string): void {
  const current = String(res.getHeader("Vary") ?? "");
  const fields = current.split(",").map((f) => f.trim().toLowerCase());
  if (!fields.includes(field.toLowerCase())) res.setHeader("Vary", current ? `${current}, ${field}` : field);
}

interface Pending {
  key: string;
  version: number;
  personal: boolean;
}

export function createResponseCache(options: ResponseCacheOptions) {
  const maxBodyBytes = options.maxBodyBytes ?? 1024 * 1024;
  const personalMaxAgeMs = (options.personalMaxAge ?? 300) * 1000;
  const shared = new ByteLru<Entry>(options.maxEntries ?? 5_000, options.maxBytes ?? 128 * 1024 * 1024);
  // Its own bounds, so signed-in readers' pages never push out the pages everyone shares.
  const personal = new ByteLru<Entry>(options.maxPersonalEntries ?? 5_000, options.maxPersonalBytes ?? 64 * 1024 * 1024);
  const sessionMarker = options.sessionCookie ? `${options.sessionCookie}=` : undefined;

  /** The entry under `key` if still fresh; a stale one is dropped. */
  const fresh = (store: ByteLru<Entry>, key: string): Entry | undefined => {
    const entry = store.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt > Date.now() && !changedSince(entry.tags, entry.version)) return entry;
    store.delete(key);
    return undefined;
  };

  const variant = (entry: Entry, encoding: "br" | "gzip" | "identity"): Buffer => {
    if (encoding === "br") {
      entry.br ??= brotliCompressSync(entry.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 6 } });
      return entry.br;
    }
    if (encoding === "gzip") {
      entry.gzip ??= gzipSync(entry.body, { level: 6 });
      return entry.gzip;
    }
    return entry.body;
  };

  /** Answers from `entry`; `nonce` is the CSP nonce of this response, already in its headers. */
  const send = (req: IncomingMessage, res: ServerResponse, entry: Entry, personalHit: boolean, nonce: string | undefined) => {
    for (const [name, value] of Object.entries(entry.headers)) {
      if (value !== undefined && !DROPPED_HEADERS.has(name)) res.setHeader(name, value);
    }
    res.setHeader("ETag", entry.etag);
    // X-Cache speaks of the shared cache, which a signed-in reader's request always bypasses.
    if (personalHit) {
      res.setHeader("X-Cache", "BYPASS");
      res.setHeader("X-Private-Cache", "HIT");
    } else res.setHeader("X-Cache", "HIT");
    res.setHeader("Vary", variesByCookie(req, entry.headers["content-type"]) ? "Accept-Encoding, Cookie" : "Accept-Encoding");
    if (matchesIfNoneMatch(header(req, "if-none-match") ?? null, entry.etag)) {
      res.removeHeader("Content-Type");
      // The browser keeps the body it has, with that body's nonce: a new CSP would block its scripts.
      res.removeHeader("Content-Security-Policy");
      res.statusCode = 304;
      res.end();
      return;
    }
    const fresh = entry.template ? nonce : undefined;
    const encoding = pickEncoding(header(req, "accept-encoding"), !fresh);
    const body = !fresh
      ? variant(entry, encoding)
      : encoding === "gzip"
        ? entry.template!.gzip(fresh)
        : entry.template!.plain(fresh);
    if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", body.length);
    res.statusCode = entry.status;
    if (req.method === "HEAD") res.end();
    else res.end(body);
  };

  /** Which cache may answer `req`, and under which key; null when neither may. */
  const placeOf = (req: IncomingMessage): { personal: boolean; key: string } | "bypass" | null => {
    if ((req.method !== "GET" && req.method !== "HEAD") || pathOf(req).startsWith("/assets/")) return null;
    const cookieHeader = header(req, "cookie");
    const cookies = readCookies(cookieHeader, options.keyCookies);
    if (!cookies.other && !req.headers.authorization) return { personal: false, key: `${urlOf(req)}\u0000${cookies.key}` };
    // A personal answer: only ever from the private cache, keyed by the session's own cookies.
    if (!req.headers.authorization && sessionMarker && cookieHeader?.includes(sessionMarker)) {
      return { personal: true, key: `${urlOf(req)}\u0000${cookieHeader}` };
    }
    return "bypass";
  };

  /** Whether a finished response may be kept, and until when (ms since the epoch); null when it may not. */
  const keepUntil = (pending: Pending, res: Response): number | null => {
    if (res.statusCode !== 200 || res.getHeader("Set-Cookie")) return null;
    if (!pending.personal) {
      const maxAge = sharedMaxAge(res.getHeader("Cache-Control") as string | undefined);
      return maxAge === null ? null : Date.now() + maxAge * 1000;
    }
    const { personalCacheable, user } = dependenciesOf(res);
    if (!personalCacheable || !user || user.sessionExpiresAt <= Date.now()) return null;
    return Math.min(Date.now() + personalMaxAgeMs, user.sessionExpiresAt);
  };

  /** Captures the body React Router writes, and keeps it when the finished response says it may be kept. */
  const capture = (pending: Pending, res: Response) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooBig = false;
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    const take = (chunk: unknown, encoding?: unknown) => {
      const buffer = tooBig ? undefined : bodyChunk(chunk, encoding);
      if (!buffer) return;
      size += buffer.length;
      if (size > maxBodyBytes) tooBig = true;
      else chunks.push(buffer);
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      take(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as Response["write"];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      take(chunk, rest[0]);
      const result = end(chunk, ...rest);
      const expiresAt = tooBig ? null : keepUntil(pending, res);
      if (expiresAt !== null) {
        const body = Buffer.concat(chunks);
        const headers = { ...res.getHeaders() };
        const nonce = options.nonceOf?.(res);
        const template = nonce ? (nonceTemplate(body, nonce) ?? undefined) : undefined;
        (pending.personal ? personal : shared).set(pending.key, {
          status: 200,
          headers,
          body,
          etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`,
          version: pending.version,
          tags: dependencyTags(dependenciesOf(res)),
          expiresAt,
          template,
          // A page with a nonce is sent from its template (which holds the body); one without keeps room for
          // its compressed copies.
          bytes: 512 + (template ? template.bytes : body.length * 2),
        });
      }
      return result;
    }) as Response["end"];
  };

  /**
   * First half, placed before compression: answers hits at once, and marks what the second half should keep.
   * Hits skip every later middleware, so they cost little more than the write itself.
   */
  function lookup(req: Request, res: Response, next: NextFunction): void {
    const place = placeOf(req);
    if (place === null) return next();
    // Read before anything is rendered: a change that lands during the render makes the entry stale at once.
    const version = dataVersion();
    if (place === "bypass" || place.personal) {
      // A personal answer: never kept in the shared cache, and never by a shared cache further on.
      res.setHeader("X-Cache", "BYPASS");
      const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => Response;
      res.writeHead = ((...args: unknown[]) => {
        markPrivate(res);
        return writeHead(...args);
      }) as Response["writeHead"];
      if (place !== "bypass") {
        const entry = fresh(personal, place.key);
        if (entry) return send(req, res, entry, true, options.nonceOf?.(res));
        res.setHeader("X-Private-Cache", "MISS");
        if (req.method === "GET") res.locals[PENDING] = { key: place.key, version, personal: true } satisfies Pending;
      }
      return next();
    }
    const entry = fresh(shared, place.key);
    if (entry) return send(req, res, entry, false, options.nonceOf?.(res));
    res.setHeader("X-Cache", "MISS");
    const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => Response;
    res.writeHead = ((...args: unknown[]) => {
      const status = typeof args[0] === "number" ? args[0] : res.statusCode;
      if (status >= 400 && sharedMaxAge(res.getHeader("Cache-Control") as string) !== null) {
        // A route's public cache headers are meant for its page: its error pages (a poem that does not exist
        // yet, a database that is down) must not be pinned in shared caches for minutes.
        res.setHeader("Cache-Control", "no-store");
      }
      // The reading preferences and session cookies change pages: say so to every cache downstream.
      if (variesByCookie(req, res.getHeader("Content-Type")) && sharedMaxAge(res.getHeader("Cache-Control") as string)) {
        addVary(res, "Cookie");
      }
      return writeHead(...args);
    }) as Response["writeHead"];
    if (req.method === "GET") res.locals[PENDING] = { key: place.key, version, personal: false } satisfies Pending;
    next();
  }

  /**
   * A request listener that answers hits before `app` (Express) runs at all: its routing and middleware chain
   * cost more than writing a cached page. Only requests that no middleware in front of the cache would change
   * qualify: GET or HEAD without a body (nothing for the body limit to refuse), outside /api (whose hits count
   * against the rate limit and get CORS headers). `prepare` sets what every response carries (the security
   * headers) and answers the response's CSP nonce; everything else goes to `app`, where `lookup` still runs.
   */
  function hitsFirst(app: RequestListener, prepare: (req: IncomingMessage, res: ServerResponse) => string): RequestListener {
    return (req, res) => {
      const length = req.headers["content-length"];
      const bodiless = (length === undefined || length === "0") && req.headers["transfer-encoding"] === undefined;
      const path = pathOf(req);
      const place = bodiless && path !== "/api" && !path.startsWith("/api/") ? placeOf(req) : null;
      if (place === null || place === "bypass") return app(req, res);
      const entry = fresh(place.personal ? personal : shared, place.key);
      if (!entry) return app(req, res);
      send(req, res, entry, place.personal, prepare(req, res));
    };
  }

  /** Second half, placed after compression, so it sees the body as the app wrote it. */
  function keep(_req: Request, res: Response, next: NextFunction): void {
    const pending = res.locals[PENDING] as Pending | undefined;
    if (pending) capture(pending, res);
    next();
  }

  return {
    lookup,
    keep,
    hitsFirst,
    get size() {
      return shared.size;
    },
    get personalSize() {
      return personal.size;
    },
    clear() {
      shared.clear();
      personal.clear();
    },
  };
}
