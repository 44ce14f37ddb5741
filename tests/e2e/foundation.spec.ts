import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { e2ePoems, findCorpusPoem, textLines } from "./support/corpus";

const SHELLEY = "Percy Bysshe Shelley";

const ozymandias = () =>
  findCorpusPoem((p) => p.author === SHELLEY && /^ozymandias/i.test(p.title), "Shelley's Ozymandias");
// An indented poem: its lines start with different runs of spaces.
const skylark = () => findCorpusPoem((p) => p.author === SHELLEY && p.title === "To a Skylark", "Shelley's To a Skylark");

async function renderedLines(page: Page): Promise<string[]> {
  return page.locator(".poem-text__line").evaluateAll((els) => els.map((el) => el.textContent ?? ""));
}

test.describe("home", () => {
  test("welcomes visitors and shows the real poem count", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Welcome to Poetry Commons" })).toBeVisible();
    const expected = new Set(e2ePoems().map((p) => p.id)).size;
    await expect(page.getByTestId("poem-count")).toHaveText(expected.toLocaleString("en-US"));
    await expect(page).toHaveTitle(/Poetry Commons/);
    // The search box submits a GET to /search with q, and the luck links are real links.
    const search = page.locator("main form[role=search]");
    await expect(search).toHaveAttribute("action", "/search");
    await expect(search.locator("input[name=q]")).toBeVisible();
    await expect(page.locator('main a[href="/poems/random"]')).toBeVisible();
    await expect(page.locator('main a[href^="/daily/"]')).toBeVisible();
  });

  test("has a header with the site name, grouped navigation, search and Sign In", async ({ page }) => {
    await page.goto("/");
    const header = page.locator("header.site-header");
    await expect(header.getByRole("link", { name: "Poetry Commons" })).toHaveAttribute("href", "/");
    const nav = page.getByRole("navigation", { name: "Main" });
    const groups: [string, [string, string][]][] = [
      ["Poems", [["Explore", "/poems"], ["Popular", "/popular"], ["Tools", "/word-frequency"]]],
      ["Poets", [["Explore", "/authors"], ["Collections", "/collections"]]],
      ["Project", [["About", "/about"], ["Contact", "/contact"]]],
    ];
    for (const [group, links] of groups) {
      const menu = nav.locator("li.main-nav__group", { has: page.getByRole("button", { name: group, exact: true }) });
      await expect(menu.getByRole("link", { name: links[0][0], exact: true })).toBeHidden();
      await menu.getByRole("button", { name: group, exact: true }).click();
      for (const [label, href] of links) {
        await expect(menu.getByRole("link", { name: label, exact: true })).toHaveAttribute("href", href);
      }
    }
    const search = header.getByRole("search");
    await expect(search).toHaveAttribute("action", "/search");
    await expect(search.getByLabel("Search poems and poets")).toHaveAttribute("name", "q");
    // A link to /login in the server HTML; once hydrated, a button opening the sign-in dialog.
    await expect(header.getByRole("button", { name: "Sign In" })).toHaveAttribute("aria-haspopup", "dialog");
    await expect(page.getByRole("link", { name: "Skip to content" })).toHaveAttribute("href", "#main");
  });

  test("has no serious accessibility violations", async ({ page }) => {
    await page.goto("/");
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe("poem page", () => {
  test("shows title, linked author, year and the full text", async ({ page }) => {
    const poem = ozymandias();
    const response = await page.goto(`/poems/${poem.id}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(poem.title);
    const byline = page.locator(".poem__byline");
    await expect(byline).toContainText(`By ${SHELLEY}`);
    await expect(byline.getByRole("link", { name: SHELLEY })).toHaveAttribute("href", "/authors/percy-bysshe-shelley");
    if (poem.year) await expect(byline).toContainText(`(${poem.year})`);
    expect(await renderedLines(page)).toEqual(textLines(poem.content));
    await expect(page).toHaveTitle(`${poem.title} by ${SHELLEY} | Poetry Commons`);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/poems\/ozymandias[a-z0-9-]*$/);
    const description = await page.locator('meta[name="description"]').getAttribute("content");
    expect(description?.startsWith("I met a traveller from an antique land")).toBe(true);
    expect(description!.length).toBeLessThanOrEqual(161);
  });

  test("keeps each line's leading indentation, visibly", async ({ page }) => {
    const poem = skylark();
    await page.goto(`/poems/${poem.id}`);
    const expected = textLines(poem.content);
    expect(expected.some((l) => /^ +\S/.test(l))).toBe(true);
    expect(await renderedLines(page)).toEqual(expected);
    // The spaces must also survive rendering: a more indented line starts further right.
    const lines = page.locator(".poem-text__line");
    const less = expected.findIndex((l) => l.startsWith("      H"));
    const more = expected.findIndex((l) => l.startsWith("        B"));
    const [a, b] = [await lines.nth(less).evaluate(textStartX), await lines.nth(more).evaluate(textStartX)];
    expect(b).toBeGreaterThan(a);
    // Stanzas are separate blocks.
    expect(await page.locator(".poem-text__stanza").count()).toBe(poem.content.split(/\n\s*\n/).length);
  });

  test("renders the full text without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const poem = skylark();
    const response = await page.goto(`/poems/${poem.id}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(poem.title);
    expect(await renderedLines(page)).toEqual(textLines(poem.content));
    await context.close();
  });

  test("is also found by its slug and notes US-only public domain", async ({ page }) => {
    const frost = findCorpusPoem((p) => (p.flags ?? []).includes("pd_us_only"), "pd_us_only poem");
    await page.goto(`/poems/${frost.id}`);
    await expect(page.locator(".provenance")).toContainText("public domain in the United States");
    const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
    const slug = new URL(canonical!).pathname.split("/").pop()!;
    expect(slug).not.toBe(frost.id);
    await page.goto(`/poems/${slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(frost.title);
  });

  test("has no serious accessibility violations", async ({ page }) => {
    await page.goto(`/poems/${skylark().id}`);
    await expectNoSeriousA11yViolations(page);
  });

  test("an unknown poem answers 404 'Poem not found'", async ({ page }) => {
    const response = await page.goto("/poems/no-such-poem-000000");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Poem not found" })).toBeVisible();
  });

  test("/poems/random shows a random poem with a link to read it in full", async ({ page }) => {
    const response = await page.goto("/poems/random");
    expect(response?.status()).toBe(200);
    const read = page.getByRole("link", { name: "Read Full Poem" });
    await expect(read).toHaveAttribute("href", /^\/poems\/[0-9a-f]{12}$/);
    await expect(page.getByRole("button", { name: /Roll Again/ }).or(page.getByRole("link", { name: /Roll Again/ }))).toBeVisible();
  });
});

test("an unknown route answers 404 with the error page", async ({ page }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Unexpected Application Error!" })).toBeVisible();
  await expect(page.locator("main")).toContainText("404");
  await expect(page.locator("main").getByRole("link", { name: "Return home" })).toHaveAttribute("href", "/");
});

test("/api/health answers ok over HTTP", async ({ request }) => {
  const response = await request.get("/api/health");
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ status: "ok" });
});

/** Where the first visible character of an element's text is drawn. */
function textStartX(el: Element): number {
  const text = el.firstChild;
  if (!text || !text.textContent) return Number.NaN;
  const start = text.textContent.search(/\S/);
  const range = document.createRange();
  range.setStart(text, start);
  range.setEnd(text, start + 1);
  return range.getBoundingClientRect().left;
}
