import { createHash } from "node:crypto";
import { z } from "zod";

/**
 * Response helpers shared by every /api resource route: JSON with ETag and cache headers on success, JSON
 * errors that are never cached, and one wrapper that maps whatever a loader throws to the right status.
 */

export const PUBLIC_CACHE = "public, max-age=60, s-maxage=300, stale-while-revalidate=86400";
export const NO_STORE = "no-store";

const JSON_TYPE = "application/json; charset=utf-8";

/** A client-facing failure: thrown anywhere inside `apiLoader` and turned into a JSON error response. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export function badParameter(parameter: string, message: string): ApiError {
  return new ApiError(400, message, { parameter });
}

export function notFound(message: string): ApiError {
  return new ApiError(404, message);
}

export function jsonError(status: number, body: Record<string, unknown>): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": JSON_TYPE, "Cache-Control": NO_STORE },
  });
}

/** A strong validator: the same bytes always give the same tag, so CDNs and browsers can revalidate. */
export function etagOf(body: string): string {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`;
}

/** If-None-Match uses the weak comparison (RFC 9110 13.1.2): a W/ prefix on either side is ignored. */
export function matchesIfNoneMatch(header: string | null, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, "");
  return header
    .split(",")
    .map((tag) => tag.trim())
    .some((tag) => tag === "*" || tag.replace(/^W\//, "") === bare);
}

export interface JsonOptions {
  /** "public" (default) for shared reads, "no-store" for answers that differ on every call. */
  cache?: "public" | "no-store";
  status?: number;
}

/** A successful JSON answer with ETag; 304 with an empty body when the client already holds these bytes. */
export function jsonResponse(request: Request, data: unknown, options: JsonOptions = {}): Response {
  const body = JSON.stringify(data);
  const etag = etagOf(body);
  const headers = new Headers({
    "Content-Type": JSON_TYPE,
    "Cache-Control": options.cache === "no-store" ? NO_STORE : PUBLIC_CACHE,
    ETag: etag,
  });
  if (matchesIfNoneMatch(request.headers.get("If-None-Match"), etag)) {
    headers.delete("Content-Type");
    return new Response(null, { status: 304, headers });
  }
  return new Response(body, { status: options.status ?? 200, headers });
}

/** Query-string parameters as a plain object (the first value of a repeated name wins). */
export function searchParamsOf(request: Request): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of new URL(request.url).searchParams) if (!(key in params)) params[key] = value;
  return params;
}

/**
 * Validates input with a zod schema; the first problem becomes a 400 naming its parameter. Schemas give each
 * field one message that already names the parameter, so the answer reads well as it is.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const parameter = String(issue?.path[0] ?? "request");
  throw badParameter(parameter, issue?.message ?? `${parameter} is invalid`);
}

export function parseQuery<S extends z.ZodType>(request: Request, schema: S): z.output<S> {
  return parseInput(schema, searchParamsOf(request));
}

const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
  "EPIPE",
  "53300", // too_many_connections
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now
  "3D000", // invalid_catalog_name: the configured database does not exist
  "42P01", // undefined_table: the database was never migrated
]);
const UNAVAILABLE_MESSAGE =
  /timeout|timed out|connect|connection terminated|closed|destroyed|database .* does not exist|the database system is/i;

/** Errors that mean "no database to talk to" (a 503), as opposed to a fault in our own code (a 500). */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && (UNAVAILABLE_CODES.has(code) || code.startsWith("08"))) return true;
  if (error instanceof AggregateError && error.errors.some(isDatabaseUnavailable)) return true;
  return UNAVAILABLE_MESSAGE.test(error.message);
}

export const DATABASE_UNAVAILABLE_MESSAGE = "The database is unavailable; please try again shortly.";

export function databaseUnavailable(): Response {
  return jsonError(503, { error: DATABASE_UNAVAILABLE_MESSAGE });
}

/**
 * Runs a loader body and maps failures: ApiError -> its status, a thrown Response passes through, an
 * unreachable database -> 503. Anything else is our bug: logged, and answered as a plain 500 JSON.
 */
export async function apiLoader(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ApiError) return jsonError(error.status, { error: error.message, ...error.extra });
    if (error instanceof Response) return error;
    if (isDatabaseUnavailable(error)) return databaseUnavailable();
    console.error("API loader failed:", error);
    return jsonError(500, { error: "Internal server error" });
  }
}

// Parameter schemas whose single message names the parameter, for parseQuery/parseInput.

/** An optional whole-number query parameter within [min, max]; "abc", "1.5", "" and out-of-range are 400s. */
export function intParam(name: string, bounds: { min: number; max: number; fallback: number }) {
  const message = `${name} must be a whole number from ${bounds.min} to ${bounds.max}`;
  return z
    .string({ error: message })
    .trim()
    .regex(/^[+-]?\d{1,16}$/, message)
    // What the OpenAPI document shows (app/server/openapi): the number the text must spell.
    .meta({ type: "integer", minimum: bounds.min, maximum: bounds.max })
    .transform(Number)
    .pipe(z.number().int(message).min(bounds.min, message).max(bounds.max, message))
    .optional()
    .default(bounds.fallback);
}

/** An optional query parameter limited to a list of words; case-insensitive. */
export function enumParam<const T extends readonly [string, ...string[]]>(name: string, values: T) {
  const message = `${name} must be one of: ${values.join(", ")}`;
  return z
    .string({ error: message })
    .trim()
    .toLowerCase()
    .meta({ enum: [...values], description: "Case-insensitive." })
    .pipe(z.enum(values, { error: message }))
    .optional();
}

/** A required path segment (an id, slug or directory); a trailing slash is forgiven. */
export function keyParam(name: string, maxLength = 200) {
  const message = `${name} must be between 1 and ${maxLength} characters`;
  return z
    .string({ error: `${name} is required` })
    .transform((value) => value.trim().replace(/\/+$/, ""))
    .pipe(z.string().min(1, message).max(maxLength, message));
}

/** The public read API answers GET and HEAD only; any other method gets a JSON 405 naming the allowed ones. */
export const READ_ONLY_MESSAGE = "Method not allowed: this endpoint answers GET and HEAD only";

export function readOnlyAction(): Response {
  const response = jsonError(405, { error: READ_ONLY_MESSAGE });
  response.headers.set("Allow", "GET, HEAD");
  return response;
}
