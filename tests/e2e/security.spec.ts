import { type APIResponse, expect, type Page, test } from "@playwright/test";
import { findCorpusPoem } from "./support/corpus";

/**
 * Security headers, CSP nonces, the request body limit and cookie attributes on the built site, and pages
 * that hydrate and work under the Content-Security-Policy without a single violation.
 */

const ozymandias = () =>
  findCorpusPoem((p) => p.author === "Percy Bysshe Shelley" && /^ozymandias/i.test(p.title), "Shelley's Ozymandias");

const headerNonce = (response: APIResponse) =>
  /script-src 'self' 'nonce-([A-Za-z0-9_-]{22})'/.exec(response.headers()["content-security-policy"] ?? "")?.[1];

/** Nonces of the inline scripts a browser would run (JSON-LD blocks are data: CSP does not apply to them). */
function executableScriptNonces(html: string): (string | undefined)[] {
  return [...html.matchAll(/<script\b([^>]*)>/g)]
    .map((m) => m[1]!)
    .filter((attributes) => !/\bsrc=/.test(attributes) && !/type="application\/ld\+json"/.test(attributes))
    .map((attributes) => /\bnonce="([^"]*)"/.exec(attributes)?.[1]);
}

function expectSecurityHeaders(response: APIResponse, what: string) {
  const headers = response.headers();
  const csp = headers["content-security-policy"] ?? "";
  expect(csp, what).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9_-]{22}';/);
  expect(csp, what).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  for (const directive of [
    "default-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
    "form-action 'self'",
    "worker-src 'self'",
  ]) {
    expect(csp, `${what}: ${directive}`).toContain(directive);
  }
  expect(headers["x-content-type-options"], what).toBe("nosniff");
  expect(headers["referrer-policy"], what).toBe("strict-origin-when-cross-origin");
  expect(headers["x-frame-options"], what).toBe("DENY");
  expect(headers["permissions-policy"], what).toMatch(/camera=\(\).*microphone=\(\).*fullscreen=\(self\)/);
  // Plain HTTP here: no HSTS.
  expect(headers["strict-transport-security"], what).toBeUndefined();
}

test.describe("security headers", () => {
  test("are on pages, /api, static files, assets, 404s and response-cache hits", async ({ request }) => {
    const home = await request.get("/");
    const asset = /<link rel="modulepreload" href="(\/assets\/[^"]+\.js)"/.exec(await home.text())?.[1];
    expect(asset).toBeTruthy();
    const cases: [string, number][] = [
      ["/", 200],
      [`/poems/${ozymandias().id}`, 200],
      ["/api/poems?limit=2", 200],
      ["/api/search?q=keats", 200],
      ["/favicon.svg", 200],
      ["/robots.txt", 200],
      [asset!, 200],
      ["/no-such-page", 404],
      ["/poems/999999999", 404],
      ["/api/no-such-call", 404],
      ["/assets/no-such-file.js", 404],
    ];
    for (const [path, status] of cases) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(status);
      expectSecurityHeaders(response, path);
    }

    // Cache hits: a page and an API read, asked twice.
    for (const path of ["/about", "/api/poems?limit=3"]) {
      await request.get(path);
      const hit = await request.get(path);
      expect(hit.headers()["x-cache"], path).toBe("HIT");
      expectSecurityHeaders(hit, `${path} (hit)`);
    }
  });

  test("every inline script carries the header's nonce, new on each request, cache hits included", async ({ request }) => {
    const seen = new Set<string>();
    for (const path of ["/", `/poems/${ozymandias().id}`, "/poems", "/no-such-page"]) {
      for (let i = 0; i < 3; i++) {
        const response = await request.get(path);
        const nonce = headerNonce(response);
        expect(nonce, path).toBeTruthy();
        const nonces = executableScriptNonces(await response.text());
        expect(nonces.length, path).toBeGreaterThan(1);
        expect(nonces.every((n) => n === nonce), `${path}: ${JSON.stringify(nonces)} vs ${nonce}`).toBe(true);
        if (path !== "/no-such-page" && i > 0) expect(response.headers()["x-cache"], path).toBe("HIT");
        seen.add(nonce!);
      }
    }
    expect(seen.size).toBe(12);
  });
});

test.describe("request body limit", () => {
  const big = "a".repeat(70 * 1024);

  test("an oversized JSON body to /api is a 413 JSON error naming the limit", async ({ request, baseURL }) => {
    const response = await request.post("/api/auth/token", {
      headers: { "Content-Type": "application/json", Origin: baseURL! },
      data: JSON.stringify({ padding: big }),
    });
    expect(response.status()).toBe(413);
    expect(response.headers()["content-type"]).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ error: "The request body is larger than the limit of 64 KB (65536 bytes)." });
    expectSecurityHeaders(response, "413 JSON");
  });

  test("an oversized form is a 413 page naming the limit; a normal one still works", async ({ request, baseURL }) => {
    const response = await request.post("/settings", {
      headers: { Origin: baseURL! },
      form: { themeStyle: "woodland", padding: big },
    });
    expect(response.status()).toBe(413);
    expect(response.headers()["content-type"]).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain("Request too large");
    expect(html).toContain("larger than the limit of 64 KB (65536 bytes)");
    expectSecurityHeaders(response, "413 page");

    const fine = await request.post("/settings", {
      headers: { Origin: baseURL! },
      form: { themeStyle: "woodland", fontFamily: "inter" },
      maxRedirects: 0,
    });
    expect(fine.status()).toBeLessThan(400);
  });
});

/** The Set-Cookie header values of a response. */
const setCookies = (response: APIResponse) =>
  response
    .headersArray()
    .filter((h) => h.name.toLowerCase() === "set-cookie")
    .map((h) => h.value);

test.describe("cookies", () => {
  test("the session cookie is HttpOnly and SameSite=Lax, Secure over HTTPS", async ({ request, baseURL }) => {
    const email = `csp-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.org`;
    const signUp = (headers: Record<string, string>, address: string) =>
      request.post("/login", {
        headers: { Origin: baseURL!, ...headers },
        form: { intent: "signup", firstName: "Emily", email: address, password: "correct horse battery", redirectTo: "/" },
        maxRedirects: 0,
      });
    const plain = await signUp({}, email);
    expect(plain.status()).toBe(303);
    const [session] = setCookies(plain).filter((c) => c.startsWith("pc_session="));
    expect(session).toMatch(/; HttpOnly/i);
    expect(session).toMatch(/; SameSite=Lax/i);
    expect(session).not.toMatch(/; Secure/i);

    const overHttps = await signUp({ "X-Forwarded-Proto": "https" }, `s-${email}`);
    const [secure] = setCookies(overHttps).filter((c) => c.startsWith("pc_session="));
    expect(secure).toMatch(/; HttpOnly/i);
    expect(secure).toMatch(/; Secure/i);
    expect(overHttps.headers()["strict-transport-security"]).toBe("max-age=31536000");
  });

  test("the preferences cookie is SameSite=Lax, Secure over HTTPS, and readable by the page's script", async ({ request, baseURL }) => {
    const save = (headers: Record<string, string>) =>
      request.post("/settings", {
        headers: { Origin: baseURL!, ...headers },
        form: { themeStyle: "woodland", fontFamily: "inter" },
        maxRedirects: 0,
      });
    const [plain] = setCookies(await save({})).filter((c) => c.startsWith("reading_prefs="));
    expect(plain).toMatch(/; SameSite=Lax/i);
    expect(plain).not.toMatch(/; Secure/i);
    // Not HttpOnly on purpose: the header's theme controls rewrite it from script (reading-preferences.ts).
    expect(plain).not.toMatch(/; HttpOnly/i);
    const [secure] = setCookies(await save({ "X-Forwarded-Proto": "https" })).filter((c) => c.startsWith("reading_prefs="));
    expect(secure).toMatch(/; Secure/i);
  });

  test("the time-zone cookie the daily page writes is SameSite=Lax", async ({ page, context }) => {
    await gotoHydrated(page, "/daily");
    await expect.poll(async () => (await context.cookies()).find((c) => c.name === "pc_tz")).toBeTruthy();
    const zone = (await context.cookies()).find((c) => c.name === "pc_tz")!;
    expect(zone.sameSite).toBe("Lax");
    expect(zone.secure).toBe(false); // plain HTTP here
  });
});

/** Collects CSP violations from the console and from securitypolicyviolation events, across navigations. */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Refused to|Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.exposeFunction("__reportCspViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { __reportCspViolation(text: string): void }).__reportCspViolation;
      report(`${event.violatedDirective} blocked ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  return violations;
}

/** Loaded and hydrated: React Router's inline module script ran, which CSP would have blocked without the nonce. */
async function gotoHydrated(page: Page, url: string) {
  await page.goto(url);
  await page.waitForFunction(() => (window as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules);
  await page.waitForLoadState("networkidle");
}

test.describe("pages under the Content-Security-Policy", () => {
  test("hydrate and work with no CSP violation", async ({ page }) => {
    test.setTimeout(120_000);
    const violations = await watchCsp(page);

    // Home, with the search dropdown.
    await gotoHydrated(page, "/");
    await page.getByRole("combobox", { name: "Search by poet, title or a line you remember" }).fill("keats");
    await expect(page.getByRole("listbox", { name: "Search suggestions" })).toBeVisible();

    // A poem, on a phone: immersive mode.
    await page.setViewportSize({ width: 390, height: 800 });
    await gotoHydrated(page, `/poems/${ozymandias().id}`);
    await page.getByRole("button", { name: "Immersive mode" }).click();
    await expect(page.locator("header.site-header")).toBeHidden();
    await page.keyboard.press("Escape");
    await expect(page.locator("header.site-header")).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 720 });

    // Poets, and a client-side navigation to one (a .data fetch).
    await gotoHydrated(page, "/authors");
    await page.getByRole("link", { name: /Percy Bysshe Shelley/ }).first().click();
    await expect(page).toHaveURL(/\/authors\/percy-bysshe-shelley/);

    // The collections reader.
    await gotoHydrated(page, "/collections/a-shropshire-lad?view=list");
    await page.getByRole("group", { name: "Display mode" }).getByRole("link", { name: "Read" }).click();
    await expect(page.locator(".reader__counter, .reader").first()).toBeVisible();

    // Search results.
    await gotoHydrated(page, "/search?q=love");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

    // The word-frequency cloud, maximized and back.
    await gotoHydrated(page, "/word-frequency");
    await page.getByRole("button", { name: "Cloud" }).click();
    await expect.poll(() => page.locator(".word-cloud svg text.word-cloud__word").count()).toBeGreaterThan(10);
    await page.getByRole("button", { name: "Maximize" }).click();
    await expect(page.locator(".word-cloud")).toHaveClass(/is-maximized/);
    await page.getByRole("button", { name: "Exit maximize" }).click();

    // Settings: a change applies at once.
    await gotoHydrated(page, "/settings");
    await page.getByRole("checkbox", { name: "Dark mode" }).check();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");

    // The poem of the day.
    await gotoHydrated(page, "/daily");

    expect(violations).toEqual([]);
  });
});
