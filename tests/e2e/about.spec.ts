import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/a11y";

test("says what the project is, with the four feature cards", async ({ page }) => {
  const response = await page.goto("/about");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle("About | Poetry Commons");
  await expect(page.getByRole("heading", { level: 1, name: "About Poetry Commons" })).toBeVisible();
  await expect(page.locator("main")).toContainText("an archive of public-domain poetry, launched in 2025");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/about$/);
  const cards = page.locator(".about__card");
  await expect(cards.getByRole("heading", { level: 3 })).toHaveText([
    "Vast Library",
    "Search and Analyze",
    "Personalized Poetry",
    "Daily Discoveries",
  ]);
  for (const card of await cards.all()) await expect(card.locator("p")).not.toBeEmpty();
});

test("'Start Exploring' goes home and 'Get in Touch' to /contact", async ({ page }) => {
  await page.goto("/about");
  await expect(page.getByRole("link", { name: "Start Exploring" })).toHaveAttribute("href", "/");
  await expect(page.getByRole("link", { name: "Get in Touch" })).toHaveAttribute("href", "/contact");
  await page.getByRole("link", { name: "Start Exploring" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1, name: "Welcome to Poetry Commons" })).toBeVisible();
});

test("acknowledges the four real sources of the corpus, with the facjure licence", async ({ browser }) => {
  // Server-rendered: the acknowledgements are there without JavaScript.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/about");
  const section = page.getByRole("region", { name: "Acknowledgements" });
  await expect(section.getByRole("heading", { level: 3 })).toHaveText([
    "Project Gutenberg",
    "facjure/public-domain-poetry",
    "briggsreschke/poets",
    "Biographies published before 1929",
  ]);
  await expect(section.getByRole("link", { name: "Project Gutenberg" })).toHaveAttribute("href", "https://www.gutenberg.org/");
  await expect(section.getByRole("link", { name: "GITenberg" })).toHaveAttribute("href", "https://github.com/GITenberg");
  await expect(section.getByRole("link", { name: "facjure/public-domain-poetry" })).toHaveAttribute(
    "href",
    "https://github.com/facjure/public-domain-poetry",
  );
  await expect(section).toContainText("provided Zenup BSD-style license is retained");
  await section.getByText("The Zenup BSD-style licence").click();
  await expect(section.locator("pre")).toContainText("Redistributions of source code must retain the above copyright notice");
  await expect(section.getByRole("link", { name: "briggsreschke/poets" })).toHaveAttribute("href", "https://github.com/briggsreschke/poets");
  await expect(section.getByRole("link", { name: /Creative Commons Attribution-ShareAlike 4\.0/ })).toHaveAttribute(
    "href",
    "https://creativecommons.org/licenses/by-sa/4.0/",
  );
  await expect(section).toContainText("A Short Biographical Dictionary of English Literature");
  await expect(section).toContainText("eleventh edition");
  await context.close();
});

test("shows the archive's real figures", async ({ page }) => {
  await page.goto("/about");
  await expect(page.locator(".about__figures")).toHaveText(/^Today it holds [\d,]+ poems by [\d,]+ poets in [\d,]+ collections\.$/);
});

test("has no serious accessibility violations", async ({ page }) => {
  await page.goto("/about");
  await expectNoSeriousA11yViolations(page);
});

test("an unknown route keeps the fallback page with status 404", async ({ page }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Unexpected Application Error!" })).toBeVisible();
  await expect(page).toHaveTitle("Page not found | Poetry Commons");
  await expect(page.locator("main")).toContainText("404");
  await expect(page.locator("main").getByRole("link", { name: "Return home" })).toHaveAttribute("href", "/");
  await expect(page.locator("main").getByRole("link", { name: "Browse poems" })).toHaveAttribute("href", "/poems");
  // The header and the reader's theme are still there.
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
