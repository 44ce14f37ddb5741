import { createECDH, randomBytes } from "node:crypto";
import path from "node:path";
import { createStaticHandler } from "react-router";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { runImport } from "../../pipeline/import";
import routes from "~/routes";
import { startSession } from "~/server/auth/auth.server";
import { hashPassword } from "~/server/auth/password.server";
import { type DB, setDb } from "~/server/db.server";
import { reloadEnv } from "~/server/env.server";
import { insertDailyPoem } from "~/server/models/daily.server";
import { createUser } from "~/server/models/user.server";
import { buildOpenApiDocument, type OpenApiDocument, routeDocs } from "~/server/openapi/document.server";
import { smallCorpus } from "../helpers/corpus";
import { createTestDb, type TestDb } from "../helpers/db";
import { documentedPath, requestBodyValidators, responseValidators } from "../helpers/openapi";

/**
 * The OpenAPI document against the real API: every api/ route of app/routes.ts is in it, its schemas are valid
 * JSON Schema, its examples fit them, and real answers of every documented operation and status (from the
 * route modules run through React Router's request handling, on a real database) validate against it.
 */

const ORIGIN = "http://localhost:3000";
const apiRoutes = routes.filter((route) => route.path?.startsWith("api/") && route.path !== "api/*");
const templateOf = (routePath: string) => `/${routePath.replace(/:([A-Za-z_]+)/g, "{$1}")}`;

async function createHandler() {
  const dataRoutes = await Promise.all(
    routes
      .filter((route) => route.path?.startsWith("api/"))
      .map(async (route) => {
        const module = await import(path.resolve(import.meta.dirname, "../../app", route.file));
        return { id: route.file, path: route.path, loader: module.loader, action: module.action };
      }),
  );
  const handler = createStaticHandler(dataRoutes);
  return async (pathAndQuery: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) => {
    const method = init.method ?? "GET";
    const request = new Request(`${ORIGIN}${pathAndQuery}`, {
      method,
      headers: init.headers,
      body: method === "GET" || method === "HEAD" ? undefined : (init.body ?? "{}"),
    });
    const response = (await handler.queryRoute(request)) as Response;
    const text = await response.text();
    return {
      status: response.status,
      contentType: response.headers.get("Content-Type") ?? "",
      link: response.headers.get("Link"),
      body: JSON.parse(text),
    };
  };
}

let testDb: TestDb;
let db: DB;
let document: OpenApiDocument;
let call: Awaited<ReturnType<typeof createHandler>>;
let cookie: string;
let poem: { id: string; slug: string };
let poetDirectory: string;
let collectionId: string;

beforeAll(async () => {
  testDb = await createTestDb();
  db = testDb.db;
  const report = await runImport(db, { paths: [await smallCorpus()] });
  expect(report.errors).toEqual([]);
  setDb(db);
  call = await createHandler();
  document = buildOpenApiDocument({ serverUrl: ORIGIN });
  poem = await db.selectFrom("poems").select(["id", "slug"]).orderBy("id").executeTakeFirstOrThrow();
  poetDirectory = (await db.selectFrom("poets").select("directory").orderBy("id").executeTakeFirstOrThrow()).directory;
  collectionId = (await db.selectFrom("collections").select("id").orderBy("id").executeTakeFirstOrThrow()).id;
  await insertDailyPoem(db, { date: "2026-01-15", poem_id: poem.id, auto_selected: false });
  const user = await createUser(db, {
    email: "openapi@example.org",
    firstName: "Ada",
    passwordHash: await hashPassword("irrelevant password"),
  });
  if (!user) throw new Error("user not created");
  cookie = (await startSession(new Request(`${ORIGIN}/`), user.id, db)).split(";")[0];
});

afterAll(async () => {
  await testDb?.destroy();
});

describe("the document covers the route list", () => {
  test("every api/ route of app/routes.ts is documented, under its own path", () => {
    const documented = new Set(Object.keys(document.paths));
    const missing = apiRoutes.map((r) => templateOf(r.path as string)).filter((p) => !documented.has(p));
    expect(missing, "api routes without `export const openapi = documentRoute(...)`").toEqual([]);
    expect(apiRoutes.length).toBeGreaterThanOrEqual(22);
  });

  test("each route module documents its own path, and nothing outside the route list is documented", () => {
    const listed = new Set(apiRoutes.map((r) => templateOf(r.path as string)));
    for (const doc of routeDocs()) expect(listed, doc.path).toContain(doc.path);
  });

  test("is OpenAPI 3.1 with an operation, a summary and responses for every path", () => {
    expect(document.openapi).toBe("3.1.0");
    expect(document.servers).toEqual([{ url: ORIGIN }]);
    for (const [p, item] of Object.entries(document.paths)) {
      const operations = Object.values(item) as { summary: string; responses: Record<string, unknown> }[];
      expect(operations.length, p).toBeGreaterThan(0);
      for (const operation of operations) {
        expect(operation.summary, p).toBeTruthy();
        expect(Object.keys(operation.responses), p).toContain("429");
      }
    }
    // Shared shapes are components, referenced rather than repeated.
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining(["PoemDetail", "PoemListItem", "Poet", "Collection", "Error", "SearchResponse"]),
    );
  });

  test("parameters come from the routes' zod schemas, with their defaults and bounds", () => {
    const parameters = (document.paths["/api/poems"] as any).get.parameters;
    const perPage = parameters.find((p: { name: string }) => p.name === "per_page");
    expect(perPage).toMatchObject({ in: "query", required: false });
    expect(perPage.schema).toEqual({ type: "integer", minimum: 1, maximum: 100, default: 20 });
    const sort = parameters.find((p: { name: string }) => p.name === "sort");
    expect(sort.schema).toMatchObject({ enum: ["title", "year", "author", "likes"] });
    const q = (document.paths["/api/search"] as any).get.parameters.find((p: { name: string }) => p.name === "q");
    expect(q.required).toBe(true);
    const id = (document.paths["/api/poems/{id}"] as any).get.parameters[0];
    expect(id).toMatchObject({ name: "id", in: "path", required: true });
  });

  test("request headers and JSON bodies come from the routes' zod schemas too", () => {
    const view = (document.paths["/api/poems/view"] as any).post;
    expect(view.parameters).toEqual([
      expect.objectContaining({ name: "X-Session-ID", in: "header", required: true, schema: expect.objectContaining({ pattern: "^[A-Za-z0-9_-]{1,100}$" }) }),
    ]);
    expect(view.requestBody.content["application/json"].schema).toMatchObject({
      required: ["poem_id", "source"],
      properties: { source: { enum: ["poem-page", "random", "daily"] } },
    });
    const preferences = (document.paths["/api/notifications/preferences"] as any).put.requestBody.content["application/json"].schema;
    expect(preferences.additionalProperties).toBe(false);
    expect(preferences.properties.daily_poem_time_minutes).toMatchObject({ type: "integer", minimum: 0, maximum: 1439 });
    const subscribe = (document.paths["/api/notifications/subscribe"] as any).post.requestBody.content["application/json"].schema;
    expect(subscribe.required).toEqual(["endpoint", "keys"]);
    // Personal calls name both credentials; the contact form is anonymous but kept to this site.
    expect((document.paths["/api/notifications/preferences"] as any).get.security).toEqual([{ bearerToken: [] }, { sessionCookie: [] }]);
    expect((document.paths["/api/profile/reading-history"] as any).get["x-access"]).toBe("personal");
    expect((document.paths["/api/notifications/public_key"] as any).get["x-access"]).toBe("public");
    const contact = (document.paths["/api/contact"] as any).post;
    expect(contact["x-access"]).toBe("site");
    expect(contact.security).toBeUndefined();
  });
});

describe("schemas and examples", () => {
  test("every JSON response schema compiles (strict JSON Schema 2020-12) and every example fits it", () => {
    const validatorFor = responseValidators(document);
    let examples = 0;
    for (const [p, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item as Record<string, any>)) {
        for (const [status, response] of Object.entries(operation.responses as Record<string, any>)) {
          const media = response.content["application/json"];
          if (!media) continue;
          const validate = validatorFor(p, method, status);
          expect(validate, `${method} ${p} ${status}`).toBeDefined();
          if (media.example === undefined) continue;
          examples++;
          expect(validate?.(media.example), `${method} ${p} ${status}: ${JSON.stringify(validate?.errors)}`).toBe(true);
        }
      }
    }
    expect(examples).toBeGreaterThan(40);
  });

  test("a wrong answer does not validate (the schemas are strict)", () => {
    const validate = responseValidators(document)("/api/poems/{id}", "get", 200);
    expect(validate?.({ id: "x", title: "No other fields" })).toBe(false);
    const example = (document.paths["/api/poems/{id}"] as any).get.responses["200"].content["application/json"].example;
    expect(validate?.({ ...example, surprise: true })).toBe(false);
    expect(validate?.({ ...example, year: "1892" })).toBe(false);
  });
});

describe("real answers validate against the document", () => {
  interface Case {
    path: () => string;
    method?: string;
    personal?: boolean;
    /** Signed in with a bearer token from POST /api/auth/token instead of the cookie. */
    bearer?: boolean;
    headers?: Record<string, string>;
    /** Sent as JSON (Content-Type: application/json unless headers say otherwise). */
    body?: () => unknown;
    /** Settings in force for this call only. */
    env?: Record<string, string>;
    status: number;
  }
  const json = { Origin: ORIGIN, "Content-Type": "application/json" };
  const foreign = { Origin: "https://elsewhere.example", "Content-Type": "application/json" };
  // A push subscription as a browser sends it: an uncompressed P-256 key and a 16-byte secret.
  const subscription = {
    endpoint: "https://push.example.net/send/openapi-reader",
    keys: {
      p256dh: createECDH("prime256v1").generateKeys().toString("base64url"),
      auth: randomBytes(16).toString("base64url"),
    },
  };
  const view = (poemId: () => string, source = "poem-page") => () => ({ poem_id: poemId(), source });
  const contactMessage = () => ({ name: "Ada", email: "ada@example.org", message: "A kind word about the site." });
  const sentFromSite = { path: () => "/api/contact", method: "POST", headers: json, body: contactMessage, status: 200 };
  const cases: Case[] = [
    { path: () => "/api/health", status: 200 },
    { path: () => "/api/stats", status: 200 },
    { path: () => "/api/openapi.json", status: 200 },
    { path: () => "/api/poems", status: 200 },
    { path: () => "/api/poems?page=2&per_page=5&sort=likes&order=desc", status: 200 },
    { path: () => "/api/poems?per_page=abc", status: 400 },
    { path: () => `/api/poems/${poem.id}`, status: 200 },
    { path: () => `/api/poems/${poem.slug}`, status: 200 },
    { path: () => "/api/poems/no-such-poem", status: 404 },
    { path: () => "/api/poems/random", status: 200 },
    { path: () => "/api/poems/popular?limit=5", status: 200 },
    { path: () => "/api/poems/popular?limit=0", status: 400 },
    { path: () => "/api/authors?per_page=100", status: 200 },
    { path: () => "/api/authors?sort=count&order=desc", status: 200 },
    { path: () => "/api/authors?sort=age", status: 400 },
    { path: () => `/api/authors/${poetDirectory}`, status: 200 },
    { path: () => "/api/authors/nobody-at-all", status: 404 },
    { path: () => `/api/authors/${poetDirectory}/poems?per_page=100`, status: 200 },
    { path: () => `/api/authors/${poetDirectory}/poems?page=0`, status: 400 },
    { path: () => "/api/authors/nobody-at-all/poems", status: 404 },
    { path: () => "/api/collections", status: 200 },
    { path: () => `/api/collections/${collectionId}`, status: 200 },
    { path: () => "/api/collections/no-such-book", status: 404 },
    { path: () => `/api/collections/${collectionId}/poems`, status: 200 },
    { path: () => "/api/collections/no-such-book/poems", status: 404 },
    { path: () => "/api/search?q=love", status: 200 },
    { path: () => "/api/search?q=tyger&fields=title,content&skipCounts=true", status: 200 },
    { path: () => "/api/search?q=luve&fuzzy=true&sort_by=title&time_period=1800-1900", status: 200 },
    { path: () => "/api/search?q=a", status: 400 },
    { path: () => "/api/daily/2026/01/15", status: 200 },
    { path: () => "/api/daily/2026/02/30", status: 400 },
    { path: () => "/api/daily/1900/01/01", status: 404 },
    { path: () => "/api/word-frequency", status: 200 },
    { path: () => `/api/word-frequency?poet_id=${poetDirectory}&limit=25&excludeCommon=false`, status: 200 },
    { path: () => "/api/word-frequency?limit=7", status: 400 },
    { path: () => "/api/word-frequency?poet_id=nobody-at-all", status: 404 },
    { path: () => "/api/favorites", status: 401 },
    { path: () => `/api/poems/${poem.id}/favorite/status`, status: 401 },
    { path: () => "/api/profile", status: 401 },
    { path: () => `/api/poems/${poem.id}/favorite`, method: "POST", headers: { Origin: ORIGIN }, status: 401 },
    { path: () => `/api/poems/${poem.id}/favorite`, method: "POST", personal: true, headers: { Origin: "https://elsewhere.example" }, status: 403 },
    { path: () => `/api/poems/${poem.id}/favorite`, method: "POST", personal: true, headers: { Origin: ORIGIN }, status: 200 },
    { path: () => "/api/poems/no-such-poem/favorite", method: "POST", personal: true, headers: { Origin: ORIGIN }, status: 404 },
    { path: () => `/api/poems/${poem.id}/favorite/status`, personal: true, status: 200 },
    { path: () => "/api/poems/no-such-poem/favorite/status", personal: true, status: 404 },
    { path: () => "/api/favorites", personal: true, status: 200 },
    { path: () => "/api/profile", personal: true, status: 200 },
    { path: () => "/api/auth/token", method: "POST", headers: { Origin: ORIGIN }, status: 401 },
    { path: () => "/api/auth/token", method: "POST", personal: true, headers: { Origin: "https://elsewhere.example" }, status: 403 },
    { path: () => "/api/auth/token", method: "POST", personal: true, headers: { Origin: ORIGIN }, status: 200 },
    { path: () => "/api/poems/view", method: "POST", headers: { ...json, "X-Session-ID": "tab-1" }, body: view(() => poem.id), status: 401 },
    { path: () => "/api/poems/view", method: "POST", personal: true, headers: { ...foreign, "X-Session-ID": "tab-1" }, body: view(() => poem.id), status: 403 },
    { path: () => "/api/poems/view", method: "POST", personal: true, headers: { ...json, "X-Session-ID": "tab-1" }, body: view(() => poem.id), status: 200 },
    { path: () => "/api/poems/view", method: "POST", personal: true, headers: json, body: view(() => poem.id), status: 400 },
    { path: () => "/api/poems/view", method: "POST", personal: true, headers: { ...json, "X-Session-ID": "tab-1" }, body: view(() => poem.id, "sidebar"), status: 400 },
    { path: () => "/api/poems/view", method: "POST", personal: true, headers: { ...json, "X-Session-ID": "tab-1" }, body: view(() => "no-such-poem"), status: 404 },
    { path: () => "/api/profile/reading-history", status: 401 },
    { path: () => "/api/profile/reading-history?limit=5", personal: true, status: 200 },
    { path: () => "/api/profile/reading-history", bearer: true, status: 200 },
    { path: () => "/api/profile/reading-history?limit=500", personal: true, status: 400 },
    { path: () => "/api/notifications/public_key", status: 200 },
    { path: () => "/api/notifications/subscribe", method: "POST", headers: json, body: () => subscription, status: 401 },
    { path: () => "/api/notifications/subscribe", method: "POST", personal: true, headers: foreign, body: () => subscription, status: 403 },
    { path: () => "/api/notifications/subscribe", method: "POST", personal: true, headers: { Origin: ORIGIN, "Content-Type": "text/plain" }, body: () => subscription, status: 415 },
    { path: () => "/api/notifications/subscribe", method: "POST", personal: true, headers: json, body: () => ({ ...subscription, endpoint: "http://push.example.net/x" }), status: 400 },
    { path: () => "/api/notifications/subscribe", method: "POST", personal: true, headers: json, body: () => subscription, status: 201 },
    { path: () => "/api/notifications/subscribe", method: "DELETE", headers: json, body: () => ({ endpoint: subscription.endpoint }), status: 401 },
    { path: () => "/api/notifications/subscribe", method: "DELETE", personal: true, headers: foreign, body: () => ({ endpoint: subscription.endpoint }), status: 403 },
    { path: () => "/api/notifications/subscribe", method: "DELETE", personal: true, headers: { Origin: ORIGIN }, body: () => ({ endpoint: subscription.endpoint }), status: 415 },
    { path: () => "/api/notifications/subscribe", method: "DELETE", personal: true, headers: json, body: () => ({}), status: 400 },
    { path: () => "/api/notifications/subscribe", method: "DELETE", personal: true, headers: json, body: () => ({ endpoint: subscription.endpoint }), status: 200 },
    { path: () => "/api/notifications/subscribe", method: "DELETE", personal: true, headers: json, body: () => ({ endpoint: subscription.endpoint }), status: 404 },
    { path: () => "/api/notifications/preferences", status: 401 },
    { path: () => "/api/notifications/preferences", personal: true, status: 200 },
    { path: () => "/api/notifications/preferences", bearer: true, status: 200 },
    { path: () => "/api/notifications/preferences", method: "PUT", headers: json, body: () => ({ daily_poem: true }), status: 401 },
    { path: () => "/api/notifications/preferences", method: "PUT", personal: true, headers: foreign, body: () => ({ daily_poem: true }), status: 403 },
    { path: () => "/api/notifications/preferences", method: "PUT", personal: true, headers: { Origin: ORIGIN, "Content-Type": "text/plain" }, body: () => ({ daily_poem: true }), status: 415 },
    { path: () => "/api/notifications/preferences", method: "PUT", personal: true, headers: json, body: () => ({ timezone: "Mars/Olympus" }), status: 400 },
    { path: () => "/api/notifications/preferences", method: "PUT", personal: true, headers: json, body: () => ({ daily_poem: true, timezone: "Europe/London" }), status: 200 },
    { path: () => "/api/contact", method: "POST", headers: foreign, body: contactMessage, status: 403 },
    { path: () => "/api/contact", method: "POST", headers: json, body: () => ({ ...contactMessage(), email: "not an address" }), status: 400 },
    { path: () => "/api/contact", method: "POST", headers: json, body: () => "just text", status: 400 },
    { path: () => "/api/contact", method: "POST", headers: json, body: contactMessage, env: { CONTACT_ENABLED: "false" }, status: 503 },
    sentFromSite,
    // Nothing listens on port 9 here: the message is kept, the mail fails.
    { ...sentFromSite, env: { SMTP_URL: "smtp://127.0.0.1:9", CONTACT_TO: "editors@poetry.example" }, status: 502 },
    sentFromSite,
    sentFromSite,
    sentFromSite,
    // The sixth message this hour from the same address (every call here comes from one).
    { ...sentFromSite, status: 429 },
  ];

  test("every documented operation and status is answered for real, and every answer fits its schema", async () => {
    const validatorFor = responseValidators(document);
    const bodyValidatorFor = requestBodyValidators(document);
    const seen = new Set<string>();
    const issued = await call("/api/auth/token", { method: "POST", headers: { Origin: ORIGIN, Cookie: cookie } });
    const bearer = `Bearer ${issued.body.token}`;
    for (const c of cases) {
      const url = c.path();
      const method = c.method ?? "GET";
      const headers = { ...(c.headers ?? {}), ...(c.personal ? { Cookie: cookie } : {}), ...(c.bearer ? { Authorization: bearer } : {}) };
      for (const [name, value] of Object.entries(c.env ?? {})) process.env[name] = value;
      if (c.env) reloadEnv();
      const answer = await call(url, { method, headers, body: c.body ? JSON.stringify(c.body()) : undefined }).finally(() => {
        for (const name of Object.keys(c.env ?? {})) delete process.env[name];
        if (c.env) reloadEnv();
      });
      expect(answer.status, `${method} ${url}`).toBe(c.status);
      expect(answer.contentType, `${method} ${url}`).toMatch(/^application\/json/);
      const template = documentedPath(document, new URL(url, ORIGIN).pathname);
      expect(template, url).toBeDefined();
      const validate = validatorFor(template as string, method, answer.status);
      expect(validate, `${method} ${template} does not document ${answer.status}`).toBeDefined();
      expect(validate?.(answer.body), `${method} ${url}: ${JSON.stringify(validate?.errors)}`).toBe(true);
      seen.add(`${method.toLowerCase()} ${template} ${answer.status}`);
      // A body the route accepted fits the documented request body.
      if (c.body && answer.status < 300) {
        const validateBody = bodyValidatorFor(template as string, method);
        expect(validateBody, `${method} ${template} documents no request body`).toBeDefined();
        expect(validateBody?.(c.body()), `${method} ${url} body: ${JSON.stringify(validateBody?.errors)}`).toBe(true);
      }
    }
    // Documented answers nobody called would be untested promises. 429 is exercised over real HTTP
    // (tests/integration/api-access.test.ts), 503 needs an unreachable database, /api/docs is HTML (e2e).
    const untested: string[] = [];
    for (const [p, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item as Record<string, any>)) {
        for (const [status, response] of Object.entries(operation.responses as Record<string, any>)) {
          if (status === "429" || status === "503" || !response.content["application/json"]) continue;
          if (`${method} ${p} ${status}` === "get /api/poems/random 404") continue; // the next test, on an empty database
          if (!seen.has(`${method} ${p} ${status}`)) untested.push(`${method} ${p} ${status}`);
        }
      }
    }
    expect(untested).toEqual([]);
  });

  test("the random poem's 404 on an empty database fits the document too", async () => {
    const empty = await createTestDb();
    try {
      setDb(empty.db);
      const answer = await call("/api/poems/random");
      expect(answer.status).toBe(404);
      const validate = responseValidators(document)("/api/poems/random", "get", 404);
      expect(validate?.(answer.body), JSON.stringify(validate?.errors)).toBe(true);
    } finally {
      setDb(db);
      await empty.destroy();
    }
  });
});

describe("pagination links", () => {
  /** rel -> URL from an RFC 8288 Link header. */
  function parseLinks(header: string | null): Record<string, string> {
    const links: Record<string, string> = {};
    for (const part of (header ?? "").split(/,\s*(?=<)/)) {
      const match = /^<([^>]+)>;\s*rel="([^"]+)"$/.exec(part.trim());
      if (match) links[match[2]] = match[1];
    }
    return links;
  }

  test("following rel=next walks every poet exactly once, other parameters kept", async () => {
    const seen: number[] = [];
    let next: string | undefined = `${ORIGIN}/api/authors?per_page=4&sort=count&order=desc`;
    let first: Awaited<ReturnType<typeof call>> | undefined;
    while (next) {
      const url = new URL(next);
      expect(url.origin).toBe(ORIGIN);
      expect(url.searchParams.get("sort")).toBe("count");
      expect(url.searchParams.get("per_page")).toBe("4");
      const answer = await call(url.pathname + url.search);
      expect(answer.status).toBe(200);
      first ??= answer;
      seen.push(...answer.body.poets.map((p: { id: number }) => p.id));
      next = parseLinks(answer.link).next;
    }
    const total = first?.body.total as number;
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    const links = parseLinks(first?.link ?? null);
    expect(links.first).toBe(`${ORIGIN}/api/authors?per_page=4&sort=count&order=desc&page=1`);
    expect(links.last).toBe(`${ORIGIN}/api/authors?per_page=4&sort=count&order=desc&page=${Math.ceil(total / 4)}`);
    expect(links.prev).toBeUndefined();
  });

  test("poems, a poet's poems and search carry first/prev/next (and last when the count is known)", async () => {
    const poems = await call("/api/poems?page=2&per_page=10");
    expect(Object.keys(parseLinks(poems.link))).toEqual(["first", "prev", "next", "last"]);
    expect(parseLinks(poems.link).prev).toBe(`${ORIGIN}/api/poems?page=1&per_page=10`);
    const poet = await call(`/api/authors/${poetDirectory}/poems?per_page=100`);
    expect(parseLinks(poet.link).first).toBe(`${ORIGIN}/api/authors/${poetDirectory}/poems?per_page=100&page=1`);
    const search = await call("/api/search?q=love&per_page=2&page=2");
    const links = parseLinks(search.link);
    expect(links.prev).toBe(`${ORIGIN}/api/search?q=love&per_page=2&page=1`);
    expect(links.next).toBe(`${ORIGIN}/api/search?q=love&per_page=2&page=3`);
    expect(links.last).toBeUndefined();
    expect((await call("/api/poems?per_page=abc")).link).toBeNull();
  });

  test("the document says which operations carry the Link header", () => {
    const paginated = Object.entries(document.paths)
      .filter(([, item]) => (item as any).get?.responses["200"].headers.Link)
      .map(([p]) => p)
      .sort();
    expect(paginated).toEqual(["/api/authors", "/api/authors/{directory}/poems", "/api/poems", "/api/search"]);
  });
});
