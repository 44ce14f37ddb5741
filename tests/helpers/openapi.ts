import Ajv2020, { type ValidateFunction } from "ajv/dist/2020";
import type { OpenApiDocument } from "~/server/openapi/document.server";

/**
 * Validators for the responses an OpenAPI document describes, compiled with ajv in strict mode (so a schema
 * that is not valid JSON Schema 2020-12 fails too). Component references are resolved as $defs.
 */
export function responseValidators(document: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: true, allErrors: true, validateFormats: false });
  const defs = JSON.parse(JSON.stringify(document.components.schemas).replaceAll("#/components/schemas/", "#/$defs/"));
  const cache = new Map<string, ValidateFunction>();
  return function validatorFor(path: string, method: string, status: number | string): ValidateFunction | undefined {
    const key = `${method} ${path} ${status}`;
    const cached = cache.get(key);
    if (cached) return cached;
    const operation = (document.paths[path] as Record<string, any> | undefined)?.[method.toLowerCase()];
    const media = operation?.responses?.[String(status)]?.content?.["application/json"];
    if (!media) return undefined;
    const schema = JSON.parse(JSON.stringify(media.schema).replaceAll("#/components/schemas/", "#/$defs/"));
    const validate = ajv.compile({ ...schema, $defs: defs });
    cache.set(key, validate);
    return validate;
  };
}

/** Validators for the documented JSON request bodies, compiled like the responses'. */
export function requestBodyValidators(document: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: true, allErrors: true, validateFormats: false });
  const defs = JSON.parse(JSON.stringify(document.components.schemas).replaceAll("#/components/schemas/", "#/$defs/"));
  return function validatorFor(path: string, method: string): ValidateFunction | undefined {
    const operation = (document.paths[path] as Record<string, any> | undefined)?.[method.toLowerCase()];
    const media = operation?.requestBody?.content?.["application/json"];
    if (!media) return undefined;
    const schema = JSON.parse(JSON.stringify(media.schema).replaceAll("#/components/schemas/", "#/$defs/"));
    return ajv.compile({ ...schema, $defs: defs });
  };
}

/** The documented path template a concrete path matches; static segments win over parameters. */
export function documentedPath(document: OpenApiDocument, pathname: string): string | undefined {
  const candidates = Object.keys(document.paths).filter((template) => {
    const pattern = template.replace(/[.]/g, "\\.").replace(/\{[^}]+\}/g, "[^/]+");
    return new RegExp(`^${pattern}$`).test(pathname);
  });
  const params = (template: string) => (template.match(/\{/g) ?? []).length;
  return candidates.sort((a, b) => params(a) - params(b))[0];
}
