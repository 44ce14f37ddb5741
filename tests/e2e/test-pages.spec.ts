import { type ChildProcess, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { e2ePoems } from "./support/corpus";
import { E2E_DIR, E2E_PORT, readState } from "./support/state";

const ACCESS_DENIED = "Access Denied: This page is only available in development mode.";
const DEV_PAGES = ["/test", "/testpoem", "/test/auth", "/test/favorite", "/test/api"];

test.describe("development pages in production", () => {
  // The e2e server runs NODE_ENV=production.
  for (const url of DEV_PAGES) {
    test(`${url} answers 403 with exactly the Access Denied text`, async ({ page }) => {
      const response = await page.goto(url);
      expect(response?.status()).toBe(403);
      await expect(page.locator("main")).toHaveText(ACCESS_DENIED);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(ACCESS_DENIED);
      await expect(page).toHaveTitle("Access Denied | Poetry Commons");
    });
  }

  test("the Access Denied page has no serious accessibility violations", async ({ page }) => {
    await page.goto("/test");
    await expectNoSeriousA11yViolations(page);
  });
});

/**
 * A second server from the same build with NODE_ENV=development, on its own port and PGlite folder, importing
 * the same small corpus (well under a second): the pages as a developer sees them.
 */
test.describe("development pages in development", () => {
  const port = E2E_PORT + 1000;
  const base = `http://127.0.0.1:${port}`;
  let server: ChildProcess | undefined;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    const pglite = path.join(E2E_DIR, "pglite-development");
    rmSync(pglite, { recursive: true, force: true });
    const childEnv: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: "development",
      CORPUS_DIR: readState().corpusDir,
      PGLITE_DIR: pglite,
    };
    delete childEnv.DATABASE_URL;
    const tsx = path.join("node_modules", ".bin", "tsx");
    server = spawn(tsx, ["cli/index.ts", "serve", "--no-build", "--port", String(port), "--host", "127.0.0.1"], {
      env: childEnv,
      stdio: "ignore",
    });
    const deadline = Date.now() + 150_000;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`development server exited with ${server.exitCode}`);
      const healthy = await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (healthy) break;
      if (Date.now() > deadline) throw new Error("development server did not start");
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  });

  test.afterAll(async () => {
    if (!server || server.exitCode !== null) return;
    const exited = new Promise((resolve) => server?.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  });

  test("/test lists the development pages and each one opens", async ({ page }) => {
    const response = await page.goto(`${base}/test`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Development pages" })).toBeVisible();
    await expect(page.getByText("NODE_ENV=development")).toBeVisible();
    const links = page.locator(".dev-page__index a");
    expect(await links.evaluateAll((els) => els.map((el) => el.getAttribute("href")))).toEqual(DEV_PAGES.slice(1));
    await links.first().click();
    await expect(page).toHaveURL(`${base}/testpoem`);
    await expect(page.getByRole("heading", { level: 1, name: "Card showcase" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test("/testpoem shows poem, author and collection cards with real data", async ({ page }) => {
    await page.goto(`${base}/testpoem`);
    const titles = new Set(e2ePoems().map((p) => p.title));
    const authors = new Set(e2ePoems().map((p) => p.author));
    const poemCards = page.locator(".poem-card .card__link");
    await expect(poemCards).toHaveCount(4);
    for (const title of await poemCards.allTextContents()) expect(titles.has(title)).toBe(true);
    await expect(poemCards.first()).toHaveAttribute("href", /^\/poems\/[0-9a-f]{12}$/);
    const poetCards = page.locator(".poet-card .card__link");
    await expect(poetCards).toHaveCount(4);
    for (const name of await poetCards.allTextContents()) expect(authors.has(name)).toBe(true);
    await expect(poetCards.first()).toHaveAttribute("href", /^\/authors\//);
    // Most poems first: the Housman book (63) beats every other poet in the slice.
    await expect(poetCards.first()).toHaveText("A. E. Housman");
    await expect(page.locator(".collection-card")).toHaveCount(2);
    await expect(page.locator(".collection-card").first()).toContainText("A Shropshire Lad");
    await expect(page.locator("table")).toHaveCount(4);
  });

  test("/test/auth shows a signed-out visitor", async ({ page }) => {
    const response = await page.goto(`${base}/test/auth`);
    expect(response?.status()).toBe(200);
    await expect(page.getByTestId("auth-state")).toHaveText("Signed out");
  });

  test("/test/favorite shows the favorite toggle disabled on a real poem", async ({ page }) => {
    await page.goto(`${base}/test/favorite`);
    await expect(page.getByRole("button", { name: "Favorite" })).toBeDisabled();
    await expect(page.getByTestId("favorite-count")).toHaveText("0");
    await expect(page.locator(".dev-page__demo a")).toHaveAttribute("href", /^\/poems\//);
  });

  test("/test/api calls /api/health and /api/stats from the server and shows the answers", async ({ page }) => {
    await page.goto(`${base}/test/api`);
    await expect(page.getByTestId("api-summary")).toHaveText("All endpoints answered.");
    const health = page.locator('[data-endpoint="/api/health"]');
    await expect(health).toContainText("OK · status 200");
    expect(JSON.parse((await health.locator("pre").textContent()) ?? "")).toEqual({ status: "ok", database: "ok" });
    const stats = page.locator('[data-endpoint="/api/stats"]');
    await expect(stats).toContainText("OK · status 200");
    const body = JSON.parse((await stats.locator("pre").textContent()) ?? "");
    expect(body.total_poems).toBe(new Set(e2ePoems().map((p) => p.id)).size);
    expect(body.total_collections).toBe(5);
    await expectNoSeriousA11yViolations(page);
  });
});
