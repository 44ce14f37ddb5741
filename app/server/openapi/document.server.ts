import { z } from "zod";
import { env } from "../env.server";
import type { HttpMethod, OperationDoc, ResponseDoc, RouteDoc } from "./define.server";
import { ErrorSchema } from "../api-shapes.server";

/**
 * The OpenAPI 3.1 document of /api, generated from what each route module exports as `openapi` (see
 * define.server.ts): its zod parameter schemas (their input side) and response schemas (their output side),
 * converted with zod's own z.toJSONSchema. Schemas that carry a `.meta({ id })` become shared components.
 */

// Vite (the server build and vitest) resolves this at build time: every API route module, so a new route only
// has to wrap its loader in documented() to be documented.
const routeModules = import.meta.glob<{ loader?: { openapi?: RouteDoc }; action?: { openapi?: RouteDoc } }>(
  ["../../routes/api/*.ts", "../../routes/api/*.tsx", "!../../routes/api/*.test.ts"],
  { eager: true },
);

const METHODS: HttpMethod[] = ["get", "post", "put", "patch", "delete"];

/** Every route's documentation, by path. */
export function routeDocs(): RouteDoc[] {
  return Object.values(routeModules)
    .flatMap((module) => {
      const doc = module.loader?.openapi ?? module.action?.openapi;
      return doc ? [doc] : [];
    })
    .sort((a, b) => a.path.localeCompare(b.path));
}

type JsonSchema = Record<string, unknown>;

const SAFE_INTEGER_BOUNDS = new Set([Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER]);

/** $defs refs pointed at components, zod's `id` annotation dropped, and the ±2^53 bounds zod adds left out. */
function tidy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(tidy);
  if (!value || typeof value !== "object") return value;
  const out: JsonSchema = {};
  const integerText = (value as JsonSchema).type === "integer";
  for (const [key, inner] of Object.entries(value)) {
    // A whole-number query parameter is documented as the integer it spells, not as the digits pattern.
    if (key === "pattern" && integerText) continue;
    if (key === "id" && typeof inner === "string") continue;
    if (key === "$schema") continue;
    if ((key === "maximum" || key === "minimum") && SAFE_INTEGER_BOUNDS.has(inner as number)) continue;
    if (key === "$ref" && typeof inner === "string") {
      out[key] = inner.replace("#/$defs/", "#/components/schemas/");
      continue;
    }
    out[key] = tidy(inner);
  }
  return out;
}

class SchemaConverter {
  readonly components: Record<string, JsonSchema> = {};

  convert(schema: z.ZodType, io: "input" | "output"): JsonSchema {
    const json = z.toJSONSchema(schema, { target: "draft-2020-12", io, unrepresentable: "any" }) as JsonSchema;
    const defs = (json.$defs ?? {}) as Record<string, JsonSchema>;
    delete json.$defs;
    for (const [name, def] of Object.entries(defs)) this.components[name] = tidy(def) as JsonSchema;
    const id = json.id;
    const root = tidy(json) as JsonSchema;
    if (typeof id !== "string") return root;
    this.components[id] = root;
    return { $ref: `#/components/schemas/${id}` };
  }
}

function parameters(converter: SchemaConverter, operation: OperationDoc) {
  const list: JsonSchema[] = [];
  for (const [where, schema] of [
    ["path", operation.params],
    ["query", operation.query],
    ["header", operation.headers],
  ] as const) {
    if (!schema) continue;
    const json = converter.convert(schema, "input");
    const required = new Set((json.required as string[] | undefined) ?? []);
    for (const [name, property] of Object.entries((json.properties ?? {}) as Record<string, JsonSchema>)) {
      const { description, ...rest } = property;
      // zod leaves defaults out of input schemas; what an absent parameter becomes is worth saying.
      const absent = (schema.shape[name] as z.ZodType | undefined)?.safeParse(undefined);
      if (absent?.success && absent.data !== undefined) rest.default = absent.data;
      list.push({
        name,
        in: where,
        required: where === "path" || required.has(name),
        ...(description ? { description } : {}),
        schema: rest,
      });
    }
  }
  return list;
}

const RATE_LIMIT_HEADERS = {
  "RateLimit-Limit": { $ref: "#/components/headers/RateLimit-Limit" },
  "RateLimit-Remaining": { $ref: "#/components/headers/RateLimit-Remaining" },
  "RateLimit-Reset": { $ref: "#/components/headers/RateLimit-Reset" },
};

export const TOO_MANY_REQUESTS: ResponseDoc = {
  description: "Rate limit exceeded for this client address; retry after Retry-After seconds",
  schema: ErrorSchema,
  example: { error: "Too many requests: at most 600 API calls per 60 seconds from one address", retry_after: 42 },
};

function response(converter: SchemaConverter, doc: ResponseDoc, status: number, paginated: boolean) {
  const headers: JsonSchema = { ...RATE_LIMIT_HEADERS };
  if (paginated && status === 200) headers.Link = { $ref: "#/components/headers/Link" };
  if (status === 429) headers["Retry-After"] = { $ref: "#/components/headers/Retry-After" };
  const media: JsonSchema = { schema: converter.convert(doc.schema, "output") };
  if (doc.example !== undefined) media.example = doc.example;
  return { description: doc.description, headers, content: { [doc.contentType ?? "application/json"]: media } };
}

function operationId(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, "")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return [method, ...words].map((w, i) => (i === 0 ? w : w[0].toUpperCase() + w.slice(1))).join("");
}

export interface OpenApiOptions {
  /** The address the API is served at (SITE_URL, or the origin the request came to). */
  serverUrl: string;
  docs?: RouteDoc[];
}

export function buildOpenApiDocument(options: OpenApiOptions) {
  const converter = new SchemaConverter();
  const paths: Record<string, Record<string, unknown>> = {};
  const tags = new Set<string>();
  for (const route of options.docs ?? routeDocs()) {
    const item: Record<string, unknown> = {};
    for (const method of METHODS) {
      const operation = route.operations[method];
      if (!operation) continue;
      tags.add(operation.tag);
      const responses: Record<string, unknown> = {};
      // A route with a 429 of its own (the contact form's hourly limit) documents both shapes itself.
      const all = { 429: TOO_MANY_REQUESTS, ...operation.responses };
      for (const [status, doc] of Object.entries(all)) {
        responses[status] = response(converter, doc, Number(status), operation.paginated ?? false);
      }
      item[method] = {
        operationId: operationId(method, route.path),
        summary: operation.summary,
        ...(operation.description ? { description: operation.description } : {}),
        tags: [operation.tag],
        parameters: parameters(converter, operation),
        ...(operation.body
          ? { requestBody: { required: true, content: { "application/json": { schema: converter.convert(operation.body, "input") } } } }
          : {}),
        ...(operation.access === "personal" ? { security: [{ bearerToken: [] }, { sessionCookie: [] }] } : {}),
        "x-access": operation.access,
        responses,
      };
    }
    paths[route.path] = item;
  }
  const { SITE_NAME } = env();
  return {
    openapi: "3.1.0",
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    info: {
      title: `${SITE_NAME} API`,
      version: "1.0.0",
      description:
        "Read public-domain poems, poets, collections and search results as JSON. Public reads (x-access: public) " +
        "answer cross-origin GET/HEAD requests (Access-Control-Allow-Origin: *, no credentials). Every /api call " +
        "counts against a per-address rate limit, reported in RateLimit-Limit, RateLimit-Remaining and " +
        "RateLimit-Reset; past it the answer is 429 with Retry-After. Paginated lists carry an RFC 8288 Link " +
        "header (rel first, prev, next, last). Bad parameters are 400 JSON errors naming the parameter; other " +
        "methods than the documented ones get 405.",
    },
    servers: [{ url: options.serverUrl.replace(/\/$/, "") }],
    tags: [...tags].sort().map((name) => ({ name })),
    paths,
    components: {
      schemas: converter.components,
      headers: {
        "RateLimit-Limit": {
          description: "Requests allowed per window from one client address.",
          schema: { type: "integer" },
        },
        "RateLimit-Remaining": { description: "Requests left in the current window.", schema: { type: "integer" } },
        "RateLimit-Reset": { description: "Seconds until the window resets.", schema: { type: "integer" } },
        "Retry-After": { description: "Seconds to wait before calling again.", schema: { type: "integer" } },
        Link: {
          description: 'RFC 8288 links to the first, previous, next and last pages, e.g. <https://…/api/poems?page=2>; rel="next". Left out when longer than 2 KB (a very long query string).',
          schema: { type: "string" },
        },
      },
      securitySchemes: {
        bearerToken: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "JWT",
          description: "From POST /api/auth/token on a signed-in page; valid five minutes.",
        },
        sessionCookie: { type: "apiKey", in: "cookie", name: "pc_session" },
      },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
