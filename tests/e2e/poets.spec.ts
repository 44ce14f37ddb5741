import { type Browser, expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { e2ePoems } from "./support/corpus";
import { setPreferencesCookie, THEME_MODES } from "./support/preferences";

/*
 * The poets directory (/authors) and the poet page (/authors/{directory}) on the small e2e corpus: Keats,
 * Blake, Housman, Frost, the three Brontës, Shelley and Anonymous.
 */

const KEATS = "/authors/john-keats";
const HOUSMAN = "/authors/a-e-housman";
const BRONTES = ["Anne Brontë", "Charlotte Brontë", "Emily Brontë"];

/** How many poems of the slice each poet wrote: the counts the pages must show. */
function poemsBy(author: string): number {
  return new Set(e2ePoems().filter((p) => p.author === author).map((p) => p.id)).size;
}
const poetNames = () => [...new Set(e2ePoems().map((p) => p.author))];

const cardNames = (page: Page) => page.locator(".poet-card .card__title").allTextContents();
const tableNames = (page: Page) => page.locator(".poet-table tbody tr td:first-child").allTextContents();
const poemRowTitles = (page: Page) => page.locator(".poem-table tbody tr td:first-child").allTextContents();
const resultCount = (page: Page) => page.getByTestId("result-count");
const alphabet = (page: Page) => page.getByRole("navigation", { name: /first letter of the last name/ });

/** Poem counts as the directory's cards print them ('29 poems'). */
async function cardCounts(page: Page): Promise<number[]> {
  const texts = await page.locator(".poet-card__count").allTextContents();
  return texts.map((t) => Number(t.replace(/[^\d]/g, "")));
}

/** A page that has hydrated: client navigation and the debounced search only work after that. */
async function gotoHydrated(page: Page, url: string) {
  await page.goto(url);
  await page.waitForFunction(() => (window as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules);
  // Hydration finishes on a later tick than the module map appears.
  await page.waitForLoadState("networkidle");
}

async function noJsPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  return context.newPage();
}

function isSorted(values: number[], dir: "asc" | "desc"): boolean {
  return values.every((v, i) => i === 0 || (dir === "asc" ? values[i - 1] <= v : values[i - 1] >= v));
}

test.describe("poets directory", () => {
  test("lists every poet as a card with portrait initial, life years and poem count", async ({ page }) => {
    const response = await page.goto("/authors");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle("Poets | Poetry Commons");
    await expect(page.getByRole("heading", { level: 1, name: "Poets" })).toBeVisible();
    await expect(page.getByText("Browse authors and their works.")).toBeVisible();
    const names = poetNames();
    await expect(resultCount(page)).toHaveText(`${names.length} authors total`);
    expect((await cardNames(page)).sort()).toEqual([...names].sort());

    const keats = page.locator(".poet-card", { hasText: "John Keats" });
    await expect(keats.getByRole("link", { name: "John Keats" })).toHaveAttribute("href", KEATS);
    await expect(keats.locator(".poet-card__years")).toHaveText("1795 — 1821");
    await expect(keats.locator(".poet-card__count")).toHaveText(`${poemsBy("John Keats")} poems`);
    // No portrait in the corpus: the initial letter stands in, rendered by the server.
    await expect(keats.getByTestId("portrait-initial")).toHaveText("J");
    // A poet without dates shows no life-years line.
    await expect(page.locator(".poet-card", { hasText: "Anonymous" }).locator(".poet-card__years")).toHaveCount(0);
    // By name by default: 'last, first', so Blake (B) comes before Keats (K) and Housman sits under H.
    const order = await cardNames(page);
    expect(order.indexOf("William Blake")).toBeLessThan(order.indexOf("A. E. Housman"));
    expect(order.indexOf("A. E. Housman")).toBeLessThan(order.indexOf("John Keats"));
  });

  test("filters by the first letter of the last name", async ({ page }) => {
    await gotoHydrated(page, "/authors");
    await alphabet(page).getByRole("link", { name: "B", exact: true }).click();
    await expect(page).toHaveURL(/\/authors\?letter=B$/);
    await expect(resultCount(page)).toHaveText("Found 4 authors matching your search");
    await expect.poll(async () => (await cardNames(page)).sort()).toEqual(["William Blake", ...BRONTES].sort());
    await expect(alphabet(page).locator("[aria-current=true]")).toHaveText("B");
    // Housman is under H (his last name), not under A.
    await alphabet(page).getByRole("link", { name: "H", exact: true }).click();
    await expect(page).toHaveURL(/letter=H/);
    await expect.poll(() => cardNames(page)).toEqual(["A. E. Housman"]);
    // Letters nobody's last name starts with are shown, but not as links.
    await expect(alphabet(page).getByRole("link", { name: "Z", exact: true })).toHaveCount(0);
    await expect(alphabet(page).getByText("Z", { exact: true })).toHaveAttribute("aria-disabled", "true");
    await alphabet(page).getByRole("link", { name: "ALL" }).click();
    await expect(page).toHaveURL(/\/authors$/);
    await expect.poll(() => cardNames(page)).toHaveLength(poetNames().length);
  });

  test("filters by name as you type, ignoring case and accents, with an empty state", async ({ page }) => {
    await gotoHydrated(page, "/authors");
    const search = page.getByPlaceholder("Search authors...");
    await search.fill("BRONTE");
    await expect(page).toHaveURL(/q=BRONTE/);
    await expect(resultCount(page)).toHaveText("Found 3 authors matching your search");
    await expect.poll(async () => (await cardNames(page)).sort()).toEqual(BRONTES);
    await search.fill("keat");
    await expect(page).toHaveURL(/q=keat/);
    await expect.poll(() => cardNames(page)).toEqual(["John Keats"]);
    // LIKE wildcards are plain characters here.
    await search.fill("%");
    await expect(page.getByText("No authors found matching your search.")).toBeVisible();
    await expect(resultCount(page)).toHaveText("Found 0 authors matching your search");
  });

  test("sorts by poem count in both directions and by name", async ({ page }) => {
    await gotoHydrated(page, "/authors");
    await page.getByLabel("Sort by").selectOption("count");
    await expect(page).toHaveURL(/sort=count/);
    await expect(page).toHaveURL(/dir=asc/);
    await expect.poll(async () => isSorted(await cardCounts(page), "asc")).toBe(true);
    await expect.poll(async () => (await cardNames(page)).at(-1)).toBe("A. E. Housman");
    await page.getByRole("link", { name: "Sort descending" }).click();
    await expect(page).toHaveURL(/dir=desc/);
    await expect.poll(async () => (await cardNames(page))[0]).toBe("A. E. Housman");
    expect(isSorted(await cardCounts(page), "desc")).toBe(true);
    // Back to names, Z to A.
    await page.getByLabel("Sort by").selectOption("name");
    await expect(page).toHaveURL(/sort=name/);
    await expect.poll(async () => (await cardNames(page))[0]).toBe("Percy Bysshe Shelley");
  });

  test("switches between cards and a list", async ({ page }) => {
    await gotoHydrated(page, "/authors?letter=B");
    await page.getByRole("group", { name: "Display mode" }).getByRole("link", { name: "List" }).click();
    await expect(page).toHaveURL(/view=list/);
    await expect(page).toHaveURL(/letter=B/);
    const table = page.locator("table.poet-table");
    await expect(table.locator("thead th")).toHaveText(["Name", "Life years", "Poems"]);
    await expect.poll(async () => (await tableNames(page)).sort()).toEqual(["William Blake", ...BRONTES].sort());
    await expect(table.locator("tr", { hasText: "William Blake" }).locator("td").nth(1)).toHaveText("1757 — 1827");
    await expect(table.getByRole("link", { name: "Anne Brontë" })).toHaveAttribute("href", "/authors/anne-bronte");
    await expect(page.locator(".poet-card")).toHaveCount(0);
    await page.getByRole("group", { name: "Display mode" }).getByRole("link", { name: "Cards" }).click();
    await expect(page).not.toHaveURL(/view=/);
    await expect(page.locator(".poet-card")).toHaveCount(4);
  });

  test("shows a spinner while a client navigation loads", async ({ page }) => {
    await gotoHydrated(page, "/authors");
    // Hold the next data request so the loading state can be seen.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/authors.data*", async (route) => {
      await held;
      await route.continue();
    });
    await alphabet(page).getByRole("link", { name: "K", exact: true }).click();
    await expect(page.locator(".spinner[role=status]")).toBeVisible();
    await expect(page.locator(".poets-page__results")).toHaveAttribute("aria-busy", "true");
    release();
    await expect(page.locator(".spinner")).toHaveCount(0);
    await expect.poll(() => cardNames(page)).toEqual(["John Keats"]);
  });

  test("has pagination with Previous/Next disabled at the ends when there is more than a page", async ({ page }) => {
    // Nine poets fit on one page of cards: no pager at all.
    await page.goto("/authors");
    await expect(page.getByRole("navigation", { name: "Poets pages" })).toHaveCount(0);
    // A page past the end shows the last page rather than nothing.
    await page.goto("/authors?page=9");
    expect(await cardNames(page)).toHaveLength(poetNames().length);
  });

  test("every control works without JavaScript", async ({ browser }) => {
    const page = await noJsPage(browser);
    await page.goto("/authors");
    await alphabet(page).getByRole("link", { name: "B", exact: true }).click();
    await expect(page).toHaveURL(/letter=B/);
    // Without JavaScript each click loads a new document: read it once it has loaded, not when the URL changes.
    await page.waitForLoadState();
    expect((await cardNames(page)).sort()).toEqual(["William Blake", ...BRONTES].sort());
    // The GET form keeps the letter and submits the text filter and the sort.
    await page.getByPlaceholder("Search authors...").fill("emily");
    await page.getByPlaceholder("Search authors...").press("Enter");
    await expect(page).toHaveURL(/letter=B/);
    await expect(page).toHaveURL(/q=emily/);
    await page.waitForLoadState();
    expect(await cardNames(page)).toEqual(["Emily Brontë"]);
    await page.goto("/authors");
    await page.getByLabel("Sort by").selectOption("count");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/sort=count/);
    await page.waitForLoadState();
    expect(isSorted(await cardCounts(page), "asc")).toBe(true);
    await page.getByRole("link", { name: "Sort descending" }).click();
    await expect(page).toHaveURL(/dir=desc/);
    await expect.poll(async () => (await cardNames(page))[0]).toBe("A. E. Housman");
    await page.getByRole("link", { name: "List" }).click();
    await expect(page).toHaveURL(/view=list/);
    await expect.poll(async () => (await tableNames(page))[0]).toBe("A. E. Housman");
    await page.context().close();
  });

  test("is usable at a 375 px mobile width", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/authors");
    await expect(page.getByRole("heading", { level: 1, name: "Poets" })).toBeVisible();
    await expect(alphabet(page).getByRole("link", { name: "B", exact: true })).toBeVisible();
    await expect(page.getByPlaceholder("Search authors...")).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.goto("/authors?view=list");
    const listOverflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(listOverflow).toBeLessThanOrEqual(0);
  });

  for (const [mode, prefs] of Object.entries(THEME_MODES)) {
    test(`has no serious accessibility violations in the ${mode} theme`, async ({ page, context }) => {
      await setPreferencesCookie(context, prefs);
      await page.goto("/authors");
      await expectNoSeriousA11yViolations(page);
      await page.goto("/authors?view=list&letter=B");
      await expectNoSeriousA11yViolations(page);
      await page.goto("/authors?q=nobody-at-all");
      await expectNoSeriousA11yViolations(page);
    });
  }
});

test.describe("poet page", () => {
  const bioToggle = (page: Page) => page.locator(".poet-bio__toggle");

  async function expectBiographyToggles(page: Page) {
    const preview = page.getByTestId("biography-preview");
    const full = page.getByTestId("biography-full");
    await expect(preview).toBeVisible();
    const previewText = (await preview.textContent()) ?? "";
    // Cut at 300 characters at a word, with an ellipsis (the '(Wikipedia)' link follows it).
    const cut = previewText.replace(/\s*\(Wikipedia\)$/, "");
    expect(cut.length).toBeLessThanOrEqual(300);
    expect(cut.endsWith("…")).toBe(true);
    await expect(full).toBeHidden();
    await expect(bioToggle(page)).toHaveText("Read more", { useInnerText: true });
    await bioToggle(page).click();
    await expect(full).toBeVisible();
    await expect(preview).toBeHidden();
    await expect(bioToggle(page)).toHaveText("Show less", { useInnerText: true });
    expect(((await full.textContent()) ?? "").length).toBeGreaterThan(cut.length);
    await bioToggle(page).click();
    await expect(full).toBeHidden();
    await expect(preview).toBeVisible();
    await expect(bioToggle(page)).toHaveText("Read more", { useInnerText: true });
  }

  test("shows portrait initial, name, life years, poem count and the attributed biography", async ({ page }) => {
    const response = await page.goto(KEATS);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle("John Keats - Poems & Biography | Poetry Commons");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("John Keats");
    await expect(page.getByTestId("life-years")).toHaveText("1795 — 1821");
    await expect(page.getByText(`${poemsBy("John Keats")} poems in our collection`)).toBeVisible();
    await expect(page.locator(".poet-page__header").getByTestId("portrait-initial")).toHaveText("J");
    const bio = page.getByRole("region", { name: "Biography" });
    await expect(bio).toContainText("KEATS, JOHN (1795-1821)");
    await expect(bio.getByRole("link", { name: "(Wikipedia)" }).first()).toHaveAttribute(
      "href",
      "https://en.wikipedia.org/wiki/John_Keats",
    );
    // Where the biography comes from, and on what terms.
    const attribution = bio.locator(".poet-bio__attribution");
    await expect(attribution).toContainText("A Short Biographical Dictionary of English Literature");
    await expect(attribution).toContainText("Licence: Public domain");
    await expect(attribution.getByRole("link", { name: "Source text" })).toHaveAttribute("href", /github\.com\/GITenberg/);
  });

  test("Read more / Show less toggles the biography with JavaScript", async ({ page }) => {
    await gotoHydrated(page, KEATS);
    await expectBiographyToggles(page);
  });

  test("Read more / Show less toggles the biography without JavaScript", async ({ browser }) => {
    const page = await noJsPage(browser);
    await page.goto(KEATS);
    await expectBiographyToggles(page);
    await page.context().close();
  });

  test("a Wikipedia description carries the CC BY-SA attribution and a link to the article", async ({ page }) => {
    // Housman has no public-domain biography in the corpus: the short Wikipedia description is shown.
    await page.goto(HOUSMAN);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("A. E. Housman");
    await expect(page.getByTestId("life-years")).toHaveText("1859 — 1936");
    const bio = page.getByRole("region", { name: "Biography" });
    await expect(bio).toContainText("English poet and classicist");
    await expect(bio.locator(".poet-bio__toggle")).toHaveCount(0);
    const attribution = bio.locator(".poet-bio__attribution");
    await expect(attribution).toContainText("CC BY-SA 4.0");
    await expect(attribution.getByRole("link", { name: "CC BY-SA 4.0" })).toHaveAttribute(
      "href",
      "https://creativecommons.org/licenses/by-sa/4.0/",
    );
    await expect(attribution.getByRole("link", { name: "A. E. Housman" })).toHaveAttribute(
      "href",
      "https://en.wikipedia.org/wiki/A._E._Housman",
    );
  });

  test("a poet without dates or biography shows neither", async ({ page }) => {
    await page.goto("/authors/anonymous");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Anonymous");
    await expect(page.getByTestId("life-years")).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Biography" })).toHaveCount(0);
    await expect(page.getByText(`${poemsBy("Anonymous")} poems in our collection`)).toBeVisible();
  });

  test("swaps a portrait that fails to load for the initial letter", async ({ page }) => {
    // The corpus has no portraits, so give Keats one that cannot load: rewrite the data of a client
    // navigation (turbo-stream) to carry an image URL, and answer that URL with an error.
    await page.route("**/portraits/broken.jpg", (route) => route.fulfill({ status: 404, body: "missing" }));
    await page.route("**/authors/john-keats.data*", async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      const patched = withPortrait(body, "/portraits/broken.jpg");
      await route.fulfill({ response, body: patched });
    });
    await gotoHydrated(page, "/authors");
    const imageRequest = page.waitForRequest("**/portraits/broken.jpg");
    await page.getByRole("link", { name: "John Keats" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("John Keats");
    await imageRequest;
    const header = page.locator(".poet-page__header");
    await expect(header.locator("img")).toHaveCount(0);
    await expect(header.getByTestId("portrait-initial")).toHaveText("J");
  });

  test("lists the poet's poems with counts, paging and 'Showing x to y of n poems'", async ({ page }) => {
    const total = poemsBy("A. E. Housman");
    await gotoHydrated(page, HOUSMAN);
    await expect(page.getByTestId("poem-count")).toHaveText(`${total} poems total`);
    await expect(page.locator(".poem-cards .card")).toHaveCount(12);
    await expect(page.getByTestId("showing")).toHaveText(`Showing 1 to 12 of ${total} poems`);
    const pager = page.getByRole("navigation", { name: "Poem pages" });
    await expect(pager.getByText("Previous")).toHaveAttribute("aria-disabled", "true");
    await pager.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByTestId("showing")).toHaveText(`Showing 13 to 24 of ${total} poems`);
    const lastPage = Math.ceil(total / 12);
    await pager.getByRole("link", { name: `Page ${lastPage}` }).click();
    await expect(page.getByTestId("showing")).toHaveText(`Showing ${(lastPage - 1) * 12 + 1} to ${total} of ${total} poems`);
    await expect(pager.getByText("Next")).toHaveAttribute("aria-disabled", "true");
    // List view: 25 a page, back on page 1.
    await page.getByRole("group", { name: "Display mode" }).getByRole("link", { name: "List" }).click();
    await expect(page).toHaveURL(/view=list/);
    await expect(page).not.toHaveURL(/page=/);
    await expect(page.locator(".poem-table tbody tr")).toHaveCount(25);
    await expect(page.getByTestId("showing")).toHaveText(`Showing 1 to 25 of ${total} poems`);
    // Each poem links to its page.
    const first = page.locator(".poem-table tbody tr").first().getByRole("link");
    await expect(first).toHaveAttribute("href", /^\/poems\/[0-9a-f]{12}$/);
  });

  test("searches titles and reverses the title order", async ({ page }) => {
    const total = poemsBy("A. E. Housman");
    await gotoHydrated(page, `${HOUSMAN}?view=list`);
    // A to Z over all three pages of the list view.
    const all: string[] = [];
    for (let p = 1; p <= Math.ceil(total / 25); p++) {
      await page.goto(`${HOUSMAN}?view=list&page=${p}`);
      all.push(...(await poemRowTitles(page)));
    }
    expect(all).toHaveLength(total);
    await gotoHydrated(page, `${HOUSMAN}?view=list`);
    await page.getByRole("group", { name: "Title order" }).getByRole("link", { name: "Z-A" }).click();
    await expect(page).toHaveURL(/dir=desc/);
    await expect.poll(() => poemRowTitles(page)).toEqual(all.slice(-25).reverse());
    await page.getByRole("group", { name: "Title order" }).getByRole("link", { name: "A-Z" }).click();
    await expect(page).not.toHaveURL(/dir=/);
    await expect.poll(() => poemRowTitles(page)).toEqual(all.slice(0, 25));

    const search = page.getByPlaceholder("Search poems...");
    await search.fill("LOVELIEST");
    await expect(page).toHaveURL(/q=LOVELIEST/);
    await expect(page.getByTestId("poem-count")).toHaveText(`Found 1 poem out of ${total}`);
    await expect.poll(() => poemRowTitles(page)).toEqual(["II. Loveliest of trees, the cherry now"]);
    await expect(page.getByTestId("showing")).toHaveText("Showing 1 to 1 of 1 poem");
    await search.fill("the");
    await expect(page).toHaveURL(/q=the/);
    const matching = all.filter((t) => t.toLowerCase().includes("the"));
    await expect(page.getByTestId("poem-count")).toHaveText(`Found ${matching.length} poems out of ${total}`);
    await search.fill("no such title at all");
    await expect(page.getByText("No poems found matching your search.")).toBeVisible();
  });

  test("the poem list works without JavaScript", async ({ browser }) => {
    const total = poemsBy("A. E. Housman");
    const page = await noJsPage(browser);
    await page.goto(HOUSMAN);
    await page.getByRole("navigation", { name: "Poem pages" }).getByRole("link", { name: "Next" }).click();
    await expect(page.getByTestId("showing")).toHaveText(`Showing 13 to 24 of ${total} poems`);
    await page.getByRole("link", { name: "List" }).click();
    await expect(page.locator(".poem-table tbody tr")).toHaveCount(25);
    await page.getByRole("link", { name: "Z-A" }).click();
    await expect(page).toHaveURL(/dir=desc/);
    await expect(page).toHaveURL(/view=list/);
    const lastTitle = (await poemRowTitles(page))[0];
    // Z to A starts with the title A to Z ends with.
    await page.goto(`${HOUSMAN}?view=list&page=${Math.ceil(total / 25)}`);
    expect((await poemRowTitles(page)).at(-1)).toBe(lastTitle);
    await page.goto(`${HOUSMAN}?view=list&dir=desc`);
    const search = page.getByPlaceholder("Search poems...");
    await search.fill("loveliest");
    await search.press("Enter");
    await expect(page).toHaveURL(/q=loveliest/);
    await expect(page).toHaveURL(/view=list/);
    await expect(page).toHaveURL(/dir=desc/);
    await expect(page.getByTestId("poem-count")).toHaveText(`Found 1 poem out of ${total}`);
    expect(await poemRowTitles(page)).toEqual(["II. Loveliest of trees, the cherry now"]);
    await page.context().close();
  });

  test("a missing poet is 'Author not found' with status 404", async ({ page }) => {
    const response = await page.goto("/authors/no-such-poet");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Author not found");
    await expect(page).toHaveTitle(/Author not found/);
    const nested = await page.goto("/authors/no/such/poet");
    expect(nested?.status()).toBe(404);
  });

  test("a trailing slash is removed before the lookup", async ({ page }) => {
    const response = await page.goto(`${KEATS}/`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("John Keats");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/authors\/john-keats$/);
  });

  test("server HTML carries the title, description, Open Graph, Twitter, canonical and Person data", async ({
    request,
  }) => {
    const response = await request.get(KEATS);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain("<title>John Keats - Poems &amp; Biography | Poetry Commons</title>");
    const attr = (pattern: RegExp) => pattern.exec(html)?.[1];
    const description = attr(/<meta name="description" content="([^"]*)"/);
    expect(description).toMatch(/^KEATS, JOHN \(1795-1821\)/);
    expect(description!.replace(/&[a-z#0-9]+;/g, "x").length).toBeLessThanOrEqual(155);
    expect(attr(/<meta property="og:type" content="([^"]*)"/)).toBe("profile");
    expect(attr(/<meta property="og:title" content="([^"]*)"/)).toBe("John Keats - Poems &amp; Biography");
    expect(attr(/<meta name="twitter:card" content="([^"]*)"/)).toBe("summary");
    expect(attr(/<meta name="twitter:title" content="([^"]*)"/)).toBe("John Keats - Poems &amp; Biography");
    expect(attr(/<link rel="canonical" href="([^"]*)"/)).toMatch(/^http:\/\/[^/]+\/authors\/john-keats$/);
    const jsonLd = attr(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/);
    expect(jsonLd).toBeDefined();
    expect(jsonLd).not.toContain("<");
    const person = JSON.parse(jsonLd!);
    expect(person).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Person",
      name: "John Keats",
      birthDate: "1795",
      deathDate: "1821",
      sameAs: ["https://en.wikipedia.org/wiki/John_Keats"],
    });
    expect(person.description).toMatch(/^KEATS, JOHN/);
    // The poems are in the server HTML too.
    expect(html).toContain('class="card-grid poem-cards"');
  });

  test("is usable at a 375 px mobile width", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(KEATS);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.locator(".poet-bio__toggle")).toBeVisible();
    await expect(page.getByPlaceholder("Search poems...")).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // The header stacks: the portrait sits above the name.
    const portrait = await page.locator(".poet-page__header .poet-portrait").boundingBox();
    const name = await page.getByRole("heading", { level: 1 }).boundingBox();
    expect(portrait!.y + portrait!.height).toBeLessThanOrEqual(name!.y + 1);
  });

  for (const [mode, prefs] of Object.entries(THEME_MODES)) {
    test(`has no serious accessibility violations in the ${mode} theme`, async ({ page, context }) => {
      await setPreferencesCookie(context, prefs);
      await page.goto(KEATS);
      await expectNoSeriousA11yViolations(page);
      await page.locator(".poet-bio__toggle").click();
      await expectNoSeriousA11yViolations(page);
      await page.goto(`${HOUSMAN}?view=list`);
      await expectNoSeriousA11yViolations(page);
      await page.goto("/authors/no-such-poet");
      await expectNoSeriousA11yViolations(page);
    });
  }
});

/**
 * A turbo-stream payload (React Router's data format) with the poet's `primary_image_url` pointed at `url`:
 * the value slot of that key is swapped for the index of a string appended to the stream's flat array.
 */
function withPortrait(body: string, url: string): string {
  const lines = body.split("\n");
  const values = JSON.parse(lines[0]) as unknown[];
  const keyIndex = values.indexOf("primary_image_url");
  if (keyIndex < 0) throw new Error("primary_image_url is not in the data");
  const urlIndex = values.length;
  values.push(url);
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (value && typeof value === "object") {
      return Object.fromEntries(
        Object.entries(value).map(([k, v]) => [k, k === `_${keyIndex}` ? urlIndex : rewrite(v)]),
      );
    }
    return value;
  };
  lines[0] = JSON.stringify(values.map(rewrite));
  return lines.join("\n");
}
