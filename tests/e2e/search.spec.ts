import { type Browser, expect, type Page, type Request, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { e2ePoems } from "./support/corpus";
import { setPreferencesCookie, THEME_MODES } from "./support/preferences";

/**
 * Search screens: the home dropdown, the header preview and the /search results page (with and without
 * JavaScript), on the e2e corpus slice.
 */

/** A page that has hydrated: the dropdown and the load-more button only work after that. */
async function gotoHydrated(page: Page, url: string) {
  await page.goto(url);
  await page.waitForFunction(() => (window as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules);
  await page.waitForLoadState("networkidle");
}

async function noJsPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  return context.newPage();
}

const isSearchCall = (r: Request) => new URL(r.url()).pathname === "/api/search";
const poemsMatching = (word: RegExp) => e2ePoems().filter((p) => word.test(p.content));
const homeBox = (page: Page) => page.getByRole("combobox", { name: "Search by poet, title or a line you remember" });

test.describe("home dropdown", () => {
  test("opens at 2 characters with grouped results; arrows, Enter and Escape work from the keyboard", async ({ page }) => {
    await gotoHydrated(page, "/");
    const box = homeBox(page);
    const listbox = page.getByRole("listbox", { name: "Search suggestions" });

    await box.fill("k");
    await page.waitForTimeout(500);
    await expect(listbox).toBeHidden();
    await expect(box).toHaveAttribute("aria-expanded", "false");

    await box.fill("keats");
    await expect(page.getByTestId("search-dropdown").getByText("Searching...")).toBeVisible();
    await expect(listbox).toBeVisible();
    await expect(box).toHaveAttribute("aria-expanded", "true");
    await expect(listbox.getByRole("group", { name: "Poets" })).toBeVisible();
    await expect(listbox.getByRole("group", { name: "Titles" })).toBeVisible();
    const options = listbox.getByRole("option");
    await expect(options.first()).toContainText("John Keats");
    await expect(listbox.getByRole("option", { name: /Show all results/ })).toBeVisible();

    // Nothing is highlighted until the arrows move there; the box keeps focus throughout.
    await expect(box).not.toHaveAttribute("aria-activedescendant", /.+/);
    await box.press("ArrowDown");
    await expect(options.nth(0)).toHaveAttribute("aria-selected", "true");
    await box.press("ArrowDown");
    await expect(options.nth(1)).toHaveAttribute("aria-selected", "true");
    await expect(options.nth(0)).toHaveAttribute("aria-selected", "false");
    const second = await options.nth(1).getAttribute("id");
    await expect(box).toHaveAttribute("aria-activedescendant", second!);
    await box.press("ArrowUp");
    await expect(options.nth(0)).toHaveAttribute("aria-selected", "true");
    await expect(box).toBeFocused();

    // Escape closes; typing again reopens.
    await box.press("Escape");
    await expect(listbox).toBeHidden();
    await expect(box).toHaveValue("keats");
    await box.press("ArrowDown");
    await expect(listbox).toBeVisible();

    // Enter opens the highlighted poet.
    await box.press("ArrowDown");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/authors\/[^/?]+$/);
    await expect(page.getByRole("heading", { level: 1, name: "John Keats" })).toBeVisible();
  });

  test("Enter with nothing highlighted, and 'Show all results', open /search", async ({ page }) => {
    await gotoHydrated(page, "/");
    const box = homeBox(page);
    await box.fill("skylark");
    await expect(page.getByRole("listbox", { name: "Search suggestions" })).toBeVisible();
    await box.press("Enter");
    await expect(page).toHaveURL(/\/search\?q=skylark$/);
    await expect(page.getByRole("link", { name: "To a Skylark" })).toBeVisible();

    await gotoHydrated(page, "/");
    await homeBox(page).fill("skylark");
    await page.getByRole("option", { name: /Show all results/ }).click();
    await expect(page).toHaveURL(/\/search\?q=skylark$/);
  });

  test("content hits show a short snippet with the matched word marked; a click opens the poem", async ({ page }) => {
    const expected = poemsMatching(/\bsunburnt\b/i);
    await gotoHydrated(page, "/");
    await homeBox(page).fill("sunburnt");
    const contents = page.getByRole("group", { name: "Contents" });
    await expect(contents.getByRole("option")).toHaveCount(expected.length);
    await expect(contents.locator("mark").first()).toHaveText(/sunburnt/i);
    const snippet = await contents.locator(".search-option__snippet").first().textContent();
    expect(snippet!.length).toBeLessThan(90);
    await contents.getByRole("option").first().click();
    await expect(page).toHaveURL(/\/poems\/[^/]+$/);
  });

  test("'No results found' and 'Search failed'", async ({ page }) => {
    await gotoHydrated(page, "/");
    const dropdown = page.getByTestId("search-dropdown");
    await homeBox(page).fill("zzqxjvw");
    await expect(dropdown.getByText("No results found")).toBeVisible();
    await page.route("**/api/search?**", (route) => route.fulfill({ status: 500, body: "{}" }));
    await homeBox(page).fill("zzqxjvq");
    await expect(dropdown.getByText("Search failed")).toBeVisible();
  });

  test("debounced: one request for a burst of typing; a newer query aborts the older; answers are cached", async ({
    page,
  }) => {
    await gotoHydrated(page, "/");
    const requests: string[] = [];
    const aborted: string[] = [];
    page.on("request", (r) => {
      if (isSearchCall(r)) requests.push(new URL(r.url()).searchParams.get("q")!);
    });
    page.on("requestfailed", (r) => {
      if (isSearchCall(r)) aborted.push(new URL(r.url()).searchParams.get("q")!);
    });
    const box = homeBox(page);
    await box.pressSequentially("shelley", { delay: 40 });
    await expect(page.getByRole("option", { name: /^Percy Bysshe Shelley/ })).toBeVisible();
    expect(requests).toEqual(["shelley"]);
    expect(requests.every((q) => q.length >= 2)).toBe(true);

    // The answer for "blake" is held back; "frost" is typed meanwhile: "blake" is aborted, only "frost" shows.
    await page.route("**/api/search?q=blake*", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue().catch(() => undefined);
    });
    await box.fill("blake");
    await expect.poll(() => requests.at(-1)).toBe("blake");
    await box.fill("frost");
    await expect(page.getByRole("option", { name: /^Robert Frost/ })).toBeVisible();
    await expect.poll(() => aborted).toContain("blake");
    await page.waitForTimeout(1800);
    await expect(page.getByRole("option", { name: /^William Blake/ })).toHaveCount(0);

    // Back to an earlier query: answered from the cache, no new request.
    const before = requests.length;
    await box.fill("shelley");
    await expect(page.getByRole("option", { name: /^Percy Bysshe Shelley/ })).toBeVisible();
    await page.waitForTimeout(500);
    expect(requests.length).toBe(before);
  });

  test("the options panel sets the search parameters", async ({ page }) => {
    await gotoHydrated(page, "/");
    const urls: URL[] = [];
    page.on("request", (r) => {
      if (isSearchCall(r)) urls.push(new URL(r.url()));
    });
    const toggle = page.getByRole("button", { name: "Search options" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await page.getByLabel("Search In").selectOption({ label: "Titles" });
    await page.getByLabel("Time Period").selectOption({ label: "1800-1900" });
    await page.getByLabel("Sort By").selectOption({ label: "Title" });
    await page.getByLabel("Fuzzy match").check();
    // A misspelt title, found by fuzzy matching.
    await homeBox(page).fill("ozymandius");
    await expect(page.getByRole("option", { name: /Ozymandias of Egypt/ })).toBeVisible();
    const last = urls.at(-1)!;
    expect(last.searchParams.getAll("fields")).toEqual(["title"]);
    expect(last.searchParams.get("time_period")).toBe("1800-1900");
    expect(last.searchParams.get("sort_by")).toBe("title");
    expect(last.searchParams.get("fuzzy")).toBe("true");
    expect(last.searchParams.get("per_page")).toBe("10");
    await expect(page.getByRole("group", { name: "Poets" })).toHaveCount(0);
    await homeBox(page).press("Enter");
    await expect(page).toHaveURL(/\/search\?q=ozymandius&type=title&time_period=1800-1900&sort=title&fuzzy=true$/);
  });

  test("has no serious accessibility violations with the dropdown open", async ({ page }) => {
    await gotoHydrated(page, "/");
    await page.getByRole("button", { name: "Search options" }).click();
    await homeBox(page).fill("keats");
    await expect(page.getByRole("listbox", { name: "Search suggestions" })).toBeVisible();
    await homeBox(page).press("ArrowDown");
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe("header preview", () => {
  const headerBox = (page: Page) =>
    page.locator("header").getByRole("search", { name: "Site search" }).getByRole("combobox", { name: "Search poems and poets" });

  test("shows the best match and 'See all results'; choosing the match opens it", async ({ page }) => {
    await gotoHydrated(page, "/about");
    const box = headerBox(page);
    await box.fill("ozymandias");
    const preview = page.getByTestId("search-preview");
    await expect(preview.getByText("Searching...")).toBeVisible();
    const match = preview.getByRole("option", { name: /Ozymandias of Egypt/ });
    await expect(match).toContainText("Percy Bysshe Shelley");
    await expect(preview.getByRole("option", { name: /See all results/ })).toBeVisible();
    await expect(preview.getByRole("option")).toHaveCount(2);
    await box.press("ArrowDown");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/poems\/[^/]+$/);
    await expect(page.getByRole("heading", { level: 1, name: "Ozymandias of Egypt" })).toBeVisible();
  });

  test("a poet is shown with the number of poems; 'See all results' opens /search", async ({ page }) => {
    const count = e2ePoems().filter((p) => p.author === "A. E. Housman").length;
    await gotoHydrated(page, "/about");
    await headerBox(page).fill("housman");
    const preview = page.getByTestId("search-preview");
    await expect(preview.getByRole("option").first()).toHaveText(new RegExp(`A\\. E\\. Housman\\s*${count} poems`));
    await preview.getByRole("option", { name: /See all results/ }).click();
    await expect(page).toHaveURL(/\/search\?q=housman$/);
  });

  test("'No results found' with 'Search all poems'", async ({ page }) => {
    await gotoHydrated(page, "/about");
    await headerBox(page).fill("zzqxjvw");
    const preview = page.getByTestId("search-preview");
    await expect(preview.getByText("No results found")).toBeVisible();
    await preview.getByRole("option", { name: /Search all poems/ }).click();
    await expect(page).toHaveURL(/\/search\?q=zzqxjvw$/);
    await expect(page.getByText('No results found for "zzqxjvw"')).toBeVisible();
  });
});

test.describe("/search results", () => {
  test("without a query it goes home", async ({ page }) => {
    await page.goto("/search");
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/search?q=a");
    await expect(page).toHaveURL(/\/$/);
  });

  test("the default tab is Poems, else Poets, else Content Matches; each tab shows its count", async ({ page }) => {
    const tabs = page.getByRole("navigation", { name: "Result types" });
    await page.goto("/search?q=ozymandias");
    await expect(tabs.getByRole("link", { name: "Poems 1" })).toHaveAttribute("aria-current", "page");

    const sunburnt = poemsMatching(/\bsunburnt\b/i).length;
    await page.goto("/search?q=sunburnt");
    await expect(tabs.getByRole("link", { name: "Poems 0" })).not.toHaveAttribute("aria-current", "page");
    await expect(tabs.getByRole("link", { name: `Content Matches ${sunburnt}` })).toHaveAttribute("aria-current", "page");
    await expect(page.locator(".content-hit")).toHaveCount(sunburnt);
    await expect(page.locator(".content-hit mark").first()).toHaveText(/sunburnt/i);

    await page.goto("/search?q=keats");
    await tabs.getByRole("link", { name: /^Poets/ }).click();
    await expect(page).toHaveURL(/tab=poets/);
    await expect(tabs.getByRole("link", { name: /^Poets/ })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("link", { name: "John Keats" })).toBeVisible();
  });

  test("Load more appends the next page, then infinite scroll reaches 'All results loaded'", async ({ page }) => {
    await gotoHydrated(page, "/search?q=love&tab=contents");
    const total = Number((await page.getByTestId("search-count").textContent())!.replace(/[^\d]/g, ""));
    expect(total).toBeGreaterThan(100);
    const hits = page.locator(".content-hit");
    await expect(hits).toHaveCount(50);
    const first = await hits.first().textContent();
    await expect(page.getByRole("navigation", { name: "Result pages" })).toHaveCount(0);
    const loaded = page.waitForResponse((r) => isSearchCall(r.request()));
    // Pressed where it stands: scrolling it into view would already load the next page (infinite scroll).
    await page.getByRole("button", { name: "Load more results" }).dispatchEvent("click");
    const response = await loaded;
    expect(new URL(response.url()).searchParams.get("page")).toBe("2");
    await expect(hits).toHaveCount(100);
    expect(await hits.first().textContent()).toBe(first);
    // The URL stays the same; the rest arrives as the end of the list scrolls into view.
    expect(new URL(page.url()).search).toBe("?q=love&tab=contents");
    await page.getByText("Load more results").or(page.getByText("All results loaded")).scrollIntoViewIfNeeded();
    await expect(page.getByText("All results loaded")).toBeVisible();
    await expect(hits).toHaveCount(total);
  });

  test("Cards and List views, sort with a direction toggle only when not by relevance", async ({ page }) => {
    await gotoHydrated(page, "/search?q=love&tab=contents");
    await expect(page.getByRole("link", { name: /Sort (de|a)scending/ })).toHaveCount(0);
    await page.getByRole("link", { name: "List" }).click();
    await expect(page).toHaveURL(/view=list/);
    await expect(page.locator(".content-hit")).toHaveCount(100);
    await page.getByLabel("Sort by").selectOption({ label: "Title" });
    await expect(page).toHaveURL(/sort=title/);
    await expect(page).toHaveURL(/view=list/);
    const titles = () => page.locator(".content-hit__title").allTextContents();
    const ascending = await titles();
    await page.getByRole("link", { name: "Sort descending" }).click();
    await expect(page).toHaveURL(/dir=desc/);
    await expect.poll(async () => (await titles())[0]).not.toBe(ascending[0]);
    await expect(page.getByRole("link", { name: "Sort ascending" })).toBeVisible();
  });

  test("works without JavaScript: the GET form, then numbered pages", async ({ browser }) => {
    const page = await noJsPage(browser);
    await page.goto("/");
    const home = page.getByRole("search", { name: "Search the archive" });
    await home.getByRole("searchbox").fill("love");
    await home.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/search\?q=love$/);
    await expect(page.getByRole("heading", { level: 1, name: "Search results" })).toBeVisible();

    // The page's own form: Search In Content, submitted with its button.
    const form = page.getByRole("search", { name: "Search again" });
    await form.getByLabel("Search In").selectOption({ label: "Content" });
    await form.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/type=content/);
    await expect(page.getByRole("navigation", { name: "Result types" }).getByRole("link", { name: /^Content Matches/ })).toHaveAttribute(
      "aria-current",
      "page",
    );
    const hits = page.locator(".content-hit");
    await expect(hits).toHaveCount(50);
    const firstPage = await hits.first().textContent();
    await expect(page.getByRole("button", { name: "Load more results" })).toHaveCount(0);
    await page.getByRole("navigation", { name: "Result pages" }).getByRole("link", { name: "Page 2" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page).toHaveURL(/type=content/);
    await expect(hits.first()).not.toHaveText(firstPage!);
    await page.context().close();
  });

  test("no hits: 'No results found for \"{q}\"'", async ({ page }) => {
    await page.goto("/search?q=zzqxjvw");
    await expect(page.getByText('No results found for "zzqxjvw"')).toBeVisible();
  });

  test("has no serious accessibility violations", async ({ page }) => {
    await gotoHydrated(page, "/search?q=love");
    await expectNoSeriousA11yViolations(page);
    await gotoHydrated(page, "/search?q=love&tab=contents&view=list&sort=title");
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe("in every theme mode", () => {
  for (const [mode, prefs] of Object.entries(THEME_MODES)) {
    test(`results and the dropdown: no serious accessibility violations in ${mode}`, async ({ page, context }) => {
      await setPreferencesCookie(context, prefs);
      await gotoHydrated(page, "/search?q=sunburnt");
      await expect(page.locator("html")).toHaveAttribute("data-theme", mode);
      await expectNoSeriousA11yViolations(page);
      await gotoHydrated(page, "/");
      await homeBox(page).fill("keats");
      await expect(page.getByRole("listbox", { name: "Search suggestions" })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  }
});

test.describe("mobile (375 px)", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the mobile search bar shows the same preview", async ({ page }) => {
    await gotoHydrated(page, "/about");
    const bar = page.getByRole("search", { name: "Mobile search" });
    await bar.getByRole("combobox", { name: "Search poems and poets" }).fill("ozymandias");
    await bar.getByRole("option", { name: /Ozymandias of Egypt/ }).click();
    await expect(page).toHaveURL(/\/poems\/[^/]+$/);
  });
});
