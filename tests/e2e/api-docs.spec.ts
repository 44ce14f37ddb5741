import { expect, test } from "@playwright/test";
import Ajv2020 from "ajv/dist/2020.js";
import { expectNoSeriousA11yViolations } from "./support/a11y";

/** The API reference page, the OpenAPI document and the /api access headers, on the built server over HTTP. */

test("/api/docs documents every path of /api/openapi.json with parameters, responses and examples", async ({
  page,
  request,
}) => {
  const document = await (await request.get("/api/openapi.json")).json();
  const response = await page.goto("/api/docs");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle("API reference | Poetry Commons");
  await expect(page.getByRole("heading", { level: 1, name: "Poetry Commons API" })).toBeVisible();
  for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, { operationId: string }>>)) {
    for (const [method, operation] of Object.entries(item)) {
      const entry = page.locator(`article#${operation.operationId}`);
      await expect(entry.getByRole("heading", { level: 3 })).toHaveText(`${method.toUpperCase()} ${path}`);
    }
  }
  const poems = page.locator("article#getPoems");
  await expect(poems.getByRole("table", { name: "Parameters" }).getByRole("rowheader")).toHaveText([
    "page",
    "per_page",
    "sort",
    "order",
  ]);
  await expect(poems.getByRole("term")).toContainText(["200", "400", "429"]);
  await poems.getByText("Example").first().click();
  await expect(poems.locator("details[open] pre")).toContainText('"total_pages"');
  await expect(page.getByRole("heading", { level: 3, name: "PoemListItem" })).toBeVisible();
  // Calls that take a JSON body show its shape, from the zod schema the route validates with.
  const preferences = page.locator("article#putNotificationsPreferences");
  await expect(preferences.getByRole("heading", { level: 4, name: "Request body" })).toBeVisible();
  await expect(preferences.locator(".api-docs__shape").first()).toContainText("daily_poem_time_minutes?: integer (0 to 1439)");
  await expect(page.locator("article#postContact .api-docs__access")).toHaveText(
    "This site's own pages: no sign-in, but not callable from other sites.",
  );
});

test("/api/docs has no serious accessibility violations", async ({ page }) => {
  // Every call with its tables and examples is a long page: axe needs more than the default time on it.
  test.setTimeout(120_000);
  await page.goto("/api/docs");
  await expectNoSeriousA11yViolations(page);
});

test("works without JavaScript: the contents link to each call", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/api/docs");
  await page.getByRole("navigation", { name: "Contents" }).getByRole("link", { name: "GET /api/poems/{id}", exact: true }).click();
  await expect(page).toHaveURL(/#getPoemsId$/);
  await expect(page.locator("article#getPoemsId")).toContainText("One poem in full, by id or slug");
  await context.close();
});

test("the served document is OpenAPI 3.1 whose schemas accept the server's own answers", async ({ request }) => {
  const answer = await request.get("/api/openapi.json");
  expect(answer.status()).toBe(200);
  const document = await answer.json();
  expect(document.openapi).toBe("3.1.0");
  const ajv = new Ajv2020({ strict: true, validateFormats: false });
  const defs = JSON.parse(JSON.stringify(document.components.schemas).replaceAll("#/components/schemas/", "#/$defs/"));
  const schemaOf = (path: string, status: number) =>
    JSON.parse(
      JSON.stringify(document.paths[path].get.responses[status].content["application/json"].schema).replaceAll(
        "#/components/schemas/",
        "#/$defs/",
      ),
    );
  const poems = await request.get("/api/poems?per_page=3");
  expect(ajv.compile({ ...schemaOf("/api/poems", 200), $defs: defs })(await poems.json())).toBe(true);
  const missing = await request.get("/api/poems/no-such-poem");
  expect(missing.status()).toBe(404);
  expect(ajv.compile({ ...schemaOf("/api/poems/{id}", 404), $defs: defs })(await missing.json())).toBe(true);
});

test("public reads answer other sites (CORS), count against the rate limit and link their pages", async ({ request }) => {
  const first = await request.get("/api/poems?per_page=5&page=2", { headers: { Origin: "https://class.example" } });
  expect(first.status()).toBe(200);
  const headers = first.headers();
  expect(headers["access-control-allow-origin"]).toBe("*");
  expect(headers["access-control-allow-credentials"]).toBeUndefined();
  expect(Number(headers["ratelimit-limit"])).toBeGreaterThan(0);
  expect(Number(headers["ratelimit-reset"])).toBeGreaterThan(0);
  expect(headers.link).toMatch(/<http:\/\/[^>]+\/api\/poems\?per_page=5&page=3>; rel="next"/);
  expect(headers.link).toMatch(/<http:\/\/[^>]+\/api\/poems\?per_page=5&page=1>; rel="prev"/);
  // The repeat is a response-cache hit, and still counted.
  const again = await request.get("/api/poems?per_page=5&page=2");
  expect(again.headers()["x-cache"]).toBe("HIT");
  expect(Number(again.headers()["ratelimit-remaining"])).toBeLessThan(Number(headers["ratelimit-remaining"]));

  const preflight = await request.fetch("/api/poems", {
    method: "OPTIONS",
    headers: { Origin: "https://class.example", "Access-Control-Request-Method": "GET" },
  });
  expect(preflight.status()).toBe(204);
  expect(preflight.headers()["access-control-allow-methods"]).toBe("GET, HEAD, OPTIONS");

  const personal = await request.get("/api/favorites", { headers: { Cookie: "pc_session=whatever" } });
  expect(personal.status()).toBe(401);
  expect(personal.headers()["access-control-allow-origin"]).toBeUndefined();
});
