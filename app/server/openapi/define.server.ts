import type { z } from "zod";
import { ErrorSchema } from "../api-shapes.server";

/**
 * How an /api route documents itself: beside its loader, the route module declares
 * `const openapi = documentRoute(path, {get: {...}})`, naming the zod schemas it already validates with and
 * the schemas of what it answers, and exports `loader = documented(openapi, function loader(...) {...})`
 * (`action` for a POST-only route). The documentation rides on the loader because React Router strips the
 * loader and all it alone uses from the browser bundle; a separate export would drag these server modules in.
 * app/server/openapi/document.server.ts collects every route module's into /api/openapi.json and /api/docs,
 * and tests/integration/openapi.test.ts fails for any api/ route in app/routes.ts without one.
 */

export type HttpMethod = "get" | "post" | "put" | "patch" | "delete";

export interface ResponseDoc {
  description: string;
  schema: z.ZodType;
  /** Shown on /api/docs and checked against `schema` by the tests. */
  example?: unknown;
  /** application/json unless said otherwise. */
  contentType?: string;
}

export interface OperationDoc {
  summary: string;
  description?: string;
  /** Groups operations on /api/docs. */
  tag: string;
  /**
   * public: anonymous reads, CORS-enabled and cacheable. personal: the session cookie or a bearer token
   * (POST /api/auth/token), never CORS-enabled. site: anonymous, but only from this site's own pages (the
   * Origin is checked), never CORS-enabled.
   */
  access: "public" | "personal" | "site";
  /** Path parameters, as the route validates them. */
  params?: z.ZodObject;
  /** Query-string parameters, as the route validates them (their input side is documented). */
  query?: z.ZodObject;
  /** Request headers the route validates, e.g. X-Session-ID. */
  headers?: z.ZodObject;
  /** The JSON request body, as the route validates it. */
  body?: z.ZodType;
  /** Answers carry a `Link` header with first/prev/next/last pages. */
  paginated?: boolean;
  responses: Record<number, ResponseDoc>;
}

export interface RouteDoc {
  /** The OpenAPI path, e.g. /api/poems/{id}: app/routes.ts's path with `:id` written `{id}`. */
  path: string;
  operations: Partial<Record<HttpMethod, OperationDoc>>;
}

/** Route handlers that carry their route's documentation. */
export type Documented<F> = F & { openapi: RouteDoc };

export function documented<F extends (...args: never[]) => unknown>(doc: RouteDoc, handler: F): Documented<F> {
  return Object.assign(handler, { openapi: doc });
}

export function documentRoute(path: string, operations: RouteDoc["operations"]): RouteDoc {
  return { path, operations };
}

/** A JSON error answer ({error, parameter?}) with an example. */
export function errorDoc(description: string, example: { error: string; parameter?: string }): ResponseDoc {
  return { description, schema: ErrorSchema, example };
}

/** The 405 every read-only route answers to other methods. */
export const READ_ONLY_405 = errorDoc("Any method but GET and HEAD", {
  error: "Method not allowed: this endpoint answers GET and HEAD only",
});

/** A body that is not JSON (the /api/notifications calls read JSON only). */
export const JSON_ONLY_415 = errorDoc("The body was not sent as application/json", {
  error: "Send the body as JSON (Content-Type: application/json)",
  parameter: "body",
});

export const FOREIGN_ORIGIN_403 = errorDoc("Origin or Referer missing or foreign", {
  error: "This form was sent from another site and has been refused.",
});

export const SIGN_IN_401 = errorDoc("No valid session cookie or bearer token", { error: "Sign in required" });
