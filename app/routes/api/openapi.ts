import { z } from "zod";
import { apiLoader, jsonResponse, readOnlyAction } from "~/server/http.server";
import { documented, documentRoute } from "~/server/openapi/define.server";
import { buildOpenApiDocument } from "~/server/openapi/document.server";
import { absoluteUrl } from "~/server/site-url.server";
import type { Route } from "./+types/openapi";

const openapi = documentRoute("/api/openapi.json", {
  get: {
    tag: "Service",
    access: "public",
    summary: "This document: the OpenAPI 3.1 description of /api",
    responses: {
      200: {
        description: "The OpenAPI document",
        schema: z.object({ openapi: z.literal("3.1.0"), info: z.object({ title: z.string() }).loose() }).loose(),
      },
    },
  },
});

/** GET /api/openapi.json: the OpenAPI 3.1 document of every /api route, generated from their zod schemas. */
export const loader = documented(openapi, function loader({ request }: Route.LoaderArgs) {
  return apiLoader(async () => jsonResponse(request, buildOpenApiDocument({ serverUrl: absoluteUrl(request, "/") })));
});

export const action = readOnlyAction;
