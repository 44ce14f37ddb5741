import type { OpenApiDocument } from "./document.server";

/**
 * The OpenAPI document turned into what /api/docs shows: operations grouped by tag, each parameter and
 * response with a readable TypeScript-like shape of its schema, and the examples as formatted JSON.
 */

type Schema = Record<string, unknown>;

const REF = "#/components/schemas/";

function wrap(shape: string): string {
  return shape.includes(" | ") ? `(${shape})` : shape;
}

/** `{ id: string; year: integer | null }`-style text for a JSON Schema, nested objects indented. */
export function shapeOf(schema: Schema | undefined, indent = 0): string {
  if (!schema || Object.keys(schema).filter((k) => k !== "description").length === 0) return "any";
  if (typeof schema.$ref === "string") return schema.$ref.replace(REF, "");
  if ("const" in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(" | ");
  for (const key of ["anyOf", "oneOf"] as const) {
    if (Array.isArray(schema[key])) return (schema[key] as Schema[]).map((s) => shapeOf(s, indent)).join(" | ");
  }
  if (Array.isArray(schema.allOf)) return (schema.allOf as Schema[]).map((s) => shapeOf(s, indent)).join(" & ");
  const type = schema.type;
  if (type === "array") return `${wrap(shapeOf(schema.items as Schema, indent))}[]`;
  if (type === "object") {
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    const names = Object.keys(properties);
    const extra = schema.additionalProperties;
    if (names.length === 0) {
      return extra && typeof extra === "object" ? `{ [key: string]: ${shapeOf(extra as Schema, indent)} }` : "object";
    }
    const required = new Set((schema.required as string[] | undefined) ?? []);
    const pad = "  ".repeat(indent + 1);
    const lines = names.map(
      (name) => `${pad}${name}${required.has(name) ? "" : "?"}: ${shapeOf(properties[name], indent + 1)};`,
    );
    if (extra !== false) lines.push(`${pad}…`);
    return `{\n${lines.join("\n")}\n${"  ".repeat(indent)}}`;
  }
  const base = Array.isArray(type) ? type.join(" | ") : String(type ?? "any");
  const notes: string[] = [];
  if (typeof schema.format === "string") notes.push(schema.format);
  if (typeof schema.pattern === "string") notes.push(`pattern ${schema.pattern}`);
  if (typeof schema.minimum === "number" && typeof schema.maximum === "number") {
    notes.push(`${schema.minimum} to ${schema.maximum}`);
  } else if (typeof schema.minimum === "number") notes.push(`≥ ${schema.minimum}`);
  if (typeof schema.maxLength === "number") notes.push(`up to ${schema.maxLength} characters`);
  return notes.length ? `${base} (${notes.join(", ")})` : base;
}

export interface ReferenceParameter {
  name: string;
  in: string;
  required: boolean;
  description: string | null;
  shape: string;
  defaultValue: string | null;
}

export interface ReferenceResponse {
  status: string;
  description: string;
  contentType: string;
  shape: string;
  example: string | null;
  headers: string[];
}

export interface ReferenceOperation {
  id: string;
  method: string;
  path: string;
  summary: string;
  description: string | null;
  access: string;
  parameters: ReferenceParameter[];
  /** The JSON body's shape, for the calls that take one. */
  requestBody: string | null;
  responses: ReferenceResponse[];
}

export interface Reference {
  title: string;
  description: string;
  serverUrl: string;
  tags: { name: string; operations: ReferenceOperation[] }[];
  schemas: { name: string; shape: string; description: string | null }[];
}

interface OperationObject {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  "x-access": string;
  parameters: { name: string; in: string; required: boolean; description?: string; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { description: string; headers?: Record<string, unknown>; content: Record<string, { schema: Schema; example?: unknown }> }>;
}

export function referenceOf(document: OpenApiDocument): Reference {
  const byTag = new Map<string, ReferenceOperation[]>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, value] of Object.entries(item)) {
      const operation = value as OperationObject;
      const entry: ReferenceOperation = {
        id: operation.operationId,
        method: method.toUpperCase(),
        path,
        summary: operation.summary,
        description: operation.description ?? null,
        access: operation["x-access"],
        parameters: operation.parameters.map((p) => ({
          name: p.name,
          in: p.in,
          required: p.required,
          description: p.description ?? null,
          shape: shapeOf(p.schema),
          defaultValue: p.schema.default === undefined ? null : JSON.stringify(p.schema.default),
        })),
        requestBody: operation.requestBody ? shapeOf(Object.values(operation.requestBody.content)[0]?.schema) : null,
        responses: Object.entries(operation.responses).map(([status, response]) => {
          const [contentType, media] = Object.entries(response.content)[0];
          return {
            status,
            description: response.description,
            contentType,
            shape: shapeOf(media.schema),
            example: media.example === undefined ? null : JSON.stringify(media.example, null, 2),
            headers: Object.keys(response.headers ?? {}),
          };
        }),
      };
      const tag = operation.tags[0] ?? "Other";
      byTag.set(tag, [...(byTag.get(tag) ?? []), entry]);
    }
  }
  return {
    title: document.info.title,
    description: document.info.description,
    serverUrl: document.servers[0]?.url ?? "",
    tags: [...byTag.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([name, operations]) => ({ name, operations })),
    schemas: Object.entries(document.components.schemas)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, schema]) => ({
        name,
        shape: shapeOf(schema),
        description: typeof schema.description === "string" ? schema.description : null,
      })),
  };
}
