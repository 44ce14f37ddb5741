import { type Browser, expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/a11y";

/**
 * The /word-frequency screen on the e2e corpus slice, whose counts the first-run import computed: the
 * server-rendered list and GET form without JavaScript, then the poet picker, the filters, the cloud, zoom
 * and maximize, and the links to search.
 */

interface Word {
  word: string;
  frequency: number;
}

async function gotoHydrated(page: Page, url: string) {
  await page.goto(url);
  await page.waitForFunction(() => (window as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules);
  await page.waitForLoadState("networkidle");
}

async function noJsPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  return context.newPage();
}

const listWords = (page: Page) => page.locator(".word-table tbody td:nth-child(2) a").allTextContents();

async function live(page: Page, query: string): Promise<Word[]> {
  const response = await page.request.get(`/api/word-frequency${query}`);
  expect(response.status()).toBe(200);
  return response.json();
}

test.describe("word frequency", () => {
  test("the list renders on the server and the GET form works without JavaScript", async ({ browser }) => {
    const page = await noJsPage(browser);
    const response = await page.goto("/word-frequency");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Word Frequency" })).toBeVisible();
    await expect(page.getByText("Click on any word to see poems containing that word.")).toBeVisible();
    await expect(page.locator(".word-table thead th")).toHaveText(["Rank", "Word", "Frequency"]);
    const expected = await live(page, "?limit=50&excludeCommon=true");
    expect(expected.length).toBe(50);
    expect(await listWords(page)).toEqual(expected.map((w) => w.word));
    await expect(page.locator(".word-table tbody tr").first().locator("td")).toHaveText([
      "1",
      expected[0]!.word,
      expected[0]!.frequency.toLocaleString("en-US"),
    ]);
    await expect(page.getByRole("checkbox", { name: "Exclude common words" })).toBeChecked();

    // The form: a poet, common words included, 25 words.
    const select = page.getByRole("combobox", { name: "Poet" });
    await expect(select.locator("option").first()).toHaveText("All Poems");
    await select.selectOption({ label: "A. E. Housman" });
    await page.getByRole("checkbox", { name: "Exclude common words" }).uncheck();
    await page.getByRole("slider", { name: /Max Words/ }).fill("25");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/poet=[^&]+.*excludeCommon=false.*limit=25/);
    await expect(page.locator(".word-table tbody tr")).toHaveCount(25);
    const directory = new URL(page.url()).searchParams.get("poet")!;
    const housman = await live(page, `?poet_id=${encodeURIComponent(directory)}&limit=25&excludeCommon=false`);
    expect(await listWords(page)).toEqual(housman.map((w) => w.word));
    expect(housman[0]!.word).toBe("the");
    await page.context().close();
  });

  test("the poet picker, the common-words box and the slider reload the list", async ({ page }) => {
    await gotoHydrated(page, "/word-frequency");
    const all = await listWords(page);
    expect(all).toHaveLength(50);

    // Poet picker with its own search box.
    await page.getByRole("button", { name: /^Poet / }).click();
    const search = page.getByRole("searchbox", { name: "Search poets" });
    await search.fill("zzzz-nobody");
    await expect(page.getByText("No options available")).toBeVisible();
    await search.fill("Housman");
    const apiCall = page.waitForRequest((r) => new URL(r.url()).pathname === "/api/word-frequency");
    await page.getByRole("button", { name: "A. E. Housman" }).click();
    const request = await apiCall;
    expect(new URL(request.url()).searchParams.get("poet_id")).toBeTruthy();
    await expect(page.getByRole("button", { name: /A\. E\. Housman/ })).toBeVisible();
    await expect.poll(() => listWords(page)).not.toEqual(all);
    const housman = await listWords(page);
    expect(housman).not.toContain("the");

    // Common words included.
    await page.getByRole("checkbox", { name: "Exclude common words" }).uncheck();
    await expect.poll(async () => (await listWords(page))[0]).toBe("the");

    // Back to all poems; the slider (debounced) asks the static cache first.
    await page.getByRole("button", { name: /^Poet / }).click();
    await page.getByRole("button", { name: "All Poems" }).click();
    await page.getByRole("checkbox", { name: "Exclude common words" }).check();
    await expect.poll(() => listWords(page)).toEqual(all);
    const cacheCall = page.waitForRequest((r) => new URL(r.url()).pathname === "/word-frequency/all-without-common-100.json");
    await page.getByRole("slider", { name: /Max Words/ }).fill("100");
    await cacheCall;
    await expect(page.locator(".word-table tbody tr")).toHaveCount(100);
    expect((await listWords(page)).slice(0, 50)).toEqual(all);
    await expect(page).toHaveURL(/limit=100/);
    await expectNoSeriousA11yViolations(page);
  });

  test("the cloud shows SVG words, zooms, maximizes, and a word leads to search", async ({ page }) => {
    await gotoHydrated(page, "/word-frequency");
    await page.getByRole("button", { name: "Cloud" }).click();
    const words = page.locator(".word-cloud svg text.word-cloud__word");
    await expect.poll(() => words.count()).toBeGreaterThan(10);
    const fills = new Set(await words.evaluateAll((els) => els.map((e) => e.getAttribute("fill"))));
    expect(fills.size).toBe(3);
    const rotations = await words.evaluateAll((els) =>
      els.map((e) => Number(/rotate\((-?[\d.]+)\)/.exec(e.getAttribute("transform") ?? "")?.[1] ?? 0)),
    );
    expect(rotations.every((r) => Math.abs(r) <= 30)).toBe(true);

    const cloud = page.locator(".word-cloud");
    await expect(cloud).toHaveAttribute("data-zoom", "1");
    await page.getByRole("button", { name: "Zoom in" }).click();
    await page.getByRole("button", { name: "Zoom in" }).click();
    await expect(cloud).toHaveAttribute("data-zoom", "1.2");
    await page.getByRole("button", { name: "Zoom out" }).click();
    await expect(cloud).toHaveAttribute("data-zoom", "1.1");
    for (let i = 0; i < 15; i++) await page.getByRole("button", { name: "Zoom in" }).click({ force: true });
    await expect(cloud).toHaveAttribute("data-zoom", "2");
    await expect(page.getByRole("button", { name: "Zoom in" })).toBeDisabled();

    await page.getByRole("button", { name: "Maximize" }).click();
    await expect(cloud).toHaveClass(/is-maximized/);
    await expect(cloud).toHaveAttribute("data-zoom", "1");
    await page.getByRole("button", { name: "Exit maximize" }).click();
    await expect(cloud).not.toHaveClass(/is-maximized/);
    await expectNoSeriousA11yViolations(page);

    const first = (await words.first().textContent())!;
    await words.first().click();
    await expect(page).toHaveURL(`/search?q=${encodeURIComponent(first)}`);
    await expect(page.getByText(`No results found for "${first}"`)).toHaveCount(0);
  });

  test("a word in the list leads to search results", async ({ page }) => {
    await gotoHydrated(page, "/word-frequency");
    const link = page.locator(".word-table tbody td:nth-child(2) a").first();
    const word = (await link.textContent())!;
    await expect(link).toHaveAttribute("href", `/search?q=${encodeURIComponent(word)}`);
    await link.click();
    await expect(page).toHaveURL(`/search?q=${encodeURIComponent(word)}`);
    await expect(page.getByText(`No results found for "${word}"`)).toHaveCount(0);
  });
});
