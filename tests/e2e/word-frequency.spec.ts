import { type Browser, expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { setPreferencesCookie, THEME_MODES } from "./support/preferences";

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
    const select = page.getByRole("combobox", { name: "Poet", exact: true });
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

    // The poet picker: a combobox whose input searches its listbox.
    const combo = page.getByRole("combobox", { name: "Poet", exact: true });
    await expect(combo).toHaveValue("All Poems");
    await expect(combo).toHaveAttribute("aria-expanded", "false");
    await combo.fill("zzzz-nobody");
    await expect(combo).toHaveAttribute("aria-expanded", "true");
    const listbox = page.getByRole("listbox", { name: "Poets" });
    await expect(listbox.getByText("No options available")).toBeVisible();
    await combo.fill("Housman");
    await expect(listbox.getByRole("option")).toHaveText(["A. E. Housman"]);
    const apiCall = page.waitForRequest((r) => new URL(r.url()).pathname === "/api/word-frequency");
    await listbox.getByRole("option", { name: "A. E. Housman" }).click();
    const request = await apiCall;
    expect(new URL(request.url()).searchParams.get("poet_id")).toBeTruthy();
    await expect(combo).toHaveValue("A. E. Housman");
    await expect(combo).toHaveAttribute("aria-expanded", "false");
    await expect.poll(() => listWords(page)).not.toEqual(all);
    const housman = await listWords(page);
    expect(housman).not.toContain("the");

    // Common words included.
    await page.getByRole("checkbox", { name: "Exclude common words" }).uncheck();
    await expect.poll(async () => (await listWords(page))[0]).toBe("the");

    // Back to all poems, from the keyboard: Home is 'All Poems', Enter chooses it.
    await combo.focus();
    await combo.press("ArrowDown");
    await expect(listbox.getByRole("option", { name: "A. E. Housman" })).toHaveAttribute("aria-selected", "true");
    await combo.press("Home");
    await expect(combo).toHaveAttribute("aria-activedescendant", (await listbox.getByRole("option").first().getAttribute("id"))!);
    await combo.press("Enter");
    await expect(combo).toHaveValue("All Poems");
    // The slider (debounced) asks the static cache first.
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
    const fills = new Set(await words.evaluateAll((els) => els.map((e) => getComputedStyle(e).fill)));
    expect([...fills].sort()).toEqual(["rgb(29, 78, 216)", "rgb(30, 58, 138)", "rgb(37, 99, 235)"]);
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
    await expect(page.locator(".word-cloud__zoom")).toHaveText("200%");
    for (let i = 0; i < 20; i++) await page.getByRole("button", { name: "Zoom out" }).click({ force: true });
    await expect(cloud).toHaveAttribute("data-zoom", "0.5");
    await expect(page.getByRole("button", { name: "Zoom out" })).toBeDisabled();
    await expect(page.locator(".word-cloud__zoom")).toHaveText("50%");

    // Drag pans the cloud, even from a word (which is then not followed); the words move with it.
    await cloud.scrollIntoViewIfNeeded();
    const box = (await cloud.boundingBox())!;
    const before = (await words.first().boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2 - 30, { steps: 6 });
    await page.mouse.up();
    await expect(page).toHaveURL(/\/word-frequency/);
    const [panX, panY] = (await cloud.getAttribute("data-pan"))!.split(",").map(Number);
    expect(panX).toBeGreaterThan(0);
    expect(panY).toBeLessThan(0);
    const after = (await words.first().boundingBox())!;
    expect(after.x - before.x).toBeCloseTo(60, -1);
    expect(after.y - before.y).toBeCloseTo(-30, -1);

    await page.getByRole("button", { name: "Maximize" }).click();
    await expect(cloud).toHaveClass(/is-maximized/);
    await expect(cloud).toHaveAttribute("data-zoom", "1");
    await expect(cloud).toHaveAttribute("data-pan", "0,0");
    // Full screen: the cloud covers the viewport.
    const full = (await cloud.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(full.width).toBeGreaterThanOrEqual(viewport.width - 1);
    expect(full.height).toBeGreaterThanOrEqual(viewport.height - 1);
    await page.getByRole("button", { name: "Zoom in" }).click();
    await page.mouse.move(200, 300);
    await page.mouse.down();
    await page.mouse.move(260, 300, { steps: 5 });
    await page.mouse.up();
    await expect(cloud).not.toHaveAttribute("data-pan", "0,0");
    await page.getByRole("button", { name: "Exit maximize" }).click();
    await expect(cloud).not.toHaveClass(/is-maximized/);
    await expect(cloud).toHaveAttribute("data-zoom", "1");
    await expect(cloud).toHaveAttribute("data-pan", "0,0");
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

  test("ctrl/meta + wheel zooms the cloud (and not the page); a plain wheel does not", async ({ page }) => {
    await gotoHydrated(page, "/word-frequency");
    await page.getByRole("button", { name: "Cloud" }).click();
    const cloud = page.locator(".word-cloud");
    await expect.poll(() => page.locator(".word-cloud__word").count()).toBeGreaterThan(10);
    const box = (await cloud.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);

    await page.mouse.wheel(0, -100);
    await expect(cloud).toHaveAttribute("data-zoom", "1");
    await page.keyboard.down("Control");
    await page.mouse.wheel(0, -100);
    await expect(cloud).toHaveAttribute("data-zoom", "1.1");
    await page.mouse.wheel(0, -100);
    await expect(cloud).toHaveAttribute("data-zoom", "1.2");
    await page.mouse.wheel(0, 100);
    await expect(cloud).toHaveAttribute("data-zoom", "1.1");
    await page.keyboard.up("Control");
    await page.keyboard.down("Meta");
    for (let i = 0; i < 12; i++) await page.mouse.wheel(0, 100);
    await page.keyboard.up("Meta");
    await expect(cloud).toHaveAttribute("data-zoom", "0.5");
    // The page itself was not zoomed.
    expect(await page.evaluate(() => window.visualViewport?.scale ?? 1)).toBe(1);
  });

  test("a two-finger pinch zooms the cloud within 0.5 to 2", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 800, height: 900 }, hasTouch: true });
    const page = await context.newPage();
    await gotoHydrated(page, "/word-frequency");
    await page.getByRole("button", { name: "Cloud" }).click();
    const cloud = page.locator(".word-cloud");
    await expect.poll(() => page.locator(".word-cloud__word").count()).toBeGreaterThan(10);
    const box = (await cloud.boundingBox())!;
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    const cdp = await context.newCDPSession(page);
    const pinch = async (fromSpread: number, toSpread: number) => {
      const points = (spread: number) => [
        { x: cx - spread / 2, y: cy, id: 0 },
        { x: cx + spread / 2, y: cy, id: 1 },
      ];
      await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: points(fromSpread) });
      for (let i = 1; i <= 6; i++) {
        const spread = fromSpread + ((toSpread - fromSpread) * i) / 6;
        await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: points(spread) });
      }
      await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    };

    await pinch(100, 150);
    await expect(cloud).toHaveAttribute("data-zoom", "1.5");
    await pinch(100, 400);
    await expect(cloud).toHaveAttribute("data-zoom", "2");
    await pinch(200, 100);
    await expect(cloud).toHaveAttribute("data-zoom", "1");
    await pinch(300, 30);
    await expect(cloud).toHaveAttribute("data-zoom", "0.5");
    await context.close();
  });

  for (const [mode, prefs] of Object.entries(THEME_MODES)) {
    test(`${mode} mode: the list, the open poet list and the cloud are themed and pass axe`, async ({ page, context }) => {
      // Three axe runs on a busy machine.
      test.setTimeout(120_000);
      await setPreferencesCookie(context, prefs);
      await gotoHydrated(page, "/word-frequency");
      await expect(page.locator("html")).toHaveAttribute("data-theme", mode);
      const surface = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--color-surface").trim());
      await expectNoSeriousA11yViolations(page);

      await page.getByRole("combobox", { name: "Poet", exact: true }).fill("e");
      await expect(page.getByRole("listbox", { name: "Poets" })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.getByRole("combobox", { name: "Poet", exact: true }).press("Escape");

      await page.getByRole("button", { name: "Cloud" }).click();
      await expect.poll(() => page.locator(".word-cloud__word").count()).toBeGreaterThan(10);
      // The cloud's panel is the theme's surface, not a white box.
      const background = await page.locator(".word-cloud").evaluate((e) => getComputedStyle(e).backgroundColor);
      const expected = await page.evaluate((color) => {
        const probe = document.createElement("div");
        probe.style.backgroundColor = color;
        document.body.append(probe);
        const value = getComputedStyle(probe).backgroundColor;
        probe.remove();
        return value;
      }, surface);
      expect(background).toBe(expected);
      await expectNoSeriousA11yViolations(page);
    });
  }
});
