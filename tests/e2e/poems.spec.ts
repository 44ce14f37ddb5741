import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { setPreferencesCookie, THEME_MODES } from "./support/preferences";
import { e2ePoems, findCorpusPoem } from "./support/corpus";

const SITE = "Poetry Commons";

const total = () => new Set(e2ePoems().map((p) => p.id)).size;
const fmt = (n: number) => n.toLocaleString("en-US");

const cardTitles = (page: Page) => page.locator(".poem-card .card__title a").allTextContents();
const collator = new Intl.Collator("en");

test.describe("poems catalogue", () => {
  test("shows heading, subtitle, count, 12 cards and pagination", async ({ page }) => {
    const response = await page.goto("/poems");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Poems" })).toBeVisible();
    await expect(page.getByText("Explore the complete collection of poetry.")).toBeVisible();
    await expect(page.locator(".list-page__count")).toHaveText(`${fmt(total())} poems total`);
    await expect(page.locator(".poem-card")).toHaveCount(12);
    await expect(page).toHaveTitle(`Poems | ${SITE}`);

    // Cards link to /poems/{id} and are sorted by title, A to Z.
    const first = page.locator(".poem-card .card__title a").first();
    const href = await first.getAttribute("href");
    expect(href).toMatch(/^\/poems\/[0-9a-f]{12}$/);
    const poem = e2ePoems().find((p) => `/poems/${p.id}` === href)!;
    await expect(first).toHaveText(poem.title);
    const titles = await cardTitles(page);
    expect(titles.length).toBe(12);

    const pager = page.getByRole("navigation", { name: "Poems pages" });
    await expect(pager.locator('[aria-current="page"]')).toHaveText("1");
    await expect(pager.getByText("Previous")).toHaveAttribute("aria-disabled", "true");
    await pager.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/poems\?page=2$/);
    await expect(pager.locator('[aria-current="page"]')).toHaveText("2");
    const second = await cardTitles(page);
    expect(second).not.toEqual(titles);
    expect(collator.compare(titles.at(-1)!, second[0]!)).toBeLessThanOrEqual(0);

    // The last page: Next is disabled.
    const pages = Math.ceil(total() / 12);
    await pager.getByRole("link", { name: `Page ${pages}` }).click();
    await expect(page).toHaveURL(new RegExp(`page=${pages}$`));
    await expect(pager.getByText("Next")).toHaveAttribute("aria-disabled", "true");
    await expect(page.locator(".poem-card")).toHaveCount(total() - (pages - 1) * 12);
  });

  test("List view shows 25 rows, and changing the view returns to page 1", async ({ page }) => {
    await page.goto("/poems?page=3");
    await page.getByRole("group", { name: "Display mode" }).getByRole("link", { name: "List" }).click();
    await expect(page).toHaveURL(/\/poems\?view=list$/);
    await expect(page.locator(".poem-table tbody tr")).toHaveCount(25);
    await expect(page.locator(".poem-table thead th")).toHaveText(["Title", "Author", "Year"]);
    await expect(page.getByRole("navigation", { name: "Poems pages" }).locator('[aria-current="page"]')).toHaveText("1");
    // Paging keeps the view.
    await page.getByRole("navigation", { name: "Poems pages" }).getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/view=list&page=2|page=2&view=list/);
    await expect(page.locator(".poem-table tbody tr")).toHaveCount(25);
    await page.getByRole("group", { name: "Display mode" }).getByRole("link", { name: "Cards" }).click();
    await expect(page).toHaveURL(/\/poems$/);
    await expect(page.locator(".poem-card")).toHaveCount(12);
  });

  test("sorts by year, author or likes and flips the direction", async ({ page }) => {
    await page.goto("/poems?view=list");
    await page.getByLabel("Sort by").selectOption("year");
    await expect(page).toHaveURL(/sort=year/);
    const years = async () =>
      (await page.locator(".poem-table tbody td.list-table__year").allTextContents()).filter((y) => /\d/.test(y)).map(Number);
    const withYears = e2ePoems().filter((p) => p.year).map((p) => p.year!);
    await expect.poll(async () => (await years())[0]).toBe(Math.min(...withYears));
    const ascending = await years();
    expect([...ascending].sort((a, b) => a - b)).toEqual(ascending);

    await page.getByRole("link", { name: "Sort descending" }).click();
    await expect(page).toHaveURL(/dir=desc/);
    await expect.poll(async () => (await years())[0]).toBe(Math.max(...withYears));
    await expect(page.getByRole("link", { name: "Sort ascending" })).toBeVisible();

    await page.getByLabel("Sort by").selectOption("author");
    await expect(page).toHaveURL(/sort=author/);
    await expect(page.locator(".poem-table tbody tr").first().locator("td").nth(1)).not.toHaveText("");
    await page.getByLabel("Sort by").selectOption("likes");
    await expect(page).toHaveURL(/sort=likes/);
    await expect(page.locator(".poem-table tbody tr")).toHaveCount(25);
  });

  test("searches titles (fuzzy) after typing, with the count and empty state", async ({ page }) => {
    const skylark = findCorpusPoem((p) => p.title === "To a Skylark", "To a Skylark");
    await page.goto("/poems");
    const box = page.getByRole("searchbox", { name: "Search poems by title" });
    await box.fill("skylark");
    await expect(page).toHaveURL(/q=skylark/);
    await expect(page.locator(".list-page__count")).toHaveText(/^Found \d+ poems? matching your search$/);
    await expect(page.locator(".poem-card .card__title a").first()).toHaveText(skylark.title);
    await expect(page.locator(".poem-card .card__title a").first()).toHaveAttribute("href", `/poems/${skylark.id}`);

    // A spelling slip still finds it.
    await box.fill("Ozymandis");
    await expect(page).toHaveURL(/q=Ozymandis/);
    await expect(page.locator(".poem-card .card__title a", { hasText: /Ozymandias/ })).toHaveCount(1);

    await box.fill("qqxxzzjj");
    await expect(page.locator(".list-page__count")).toHaveText("Found 0 poems matching your search");
    await expect(page.getByText("No poems found matching your search.")).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Poems pages" })).toHaveCount(0);
  });

  test("a page past the end goes to the last page", async ({ page }) => {
    const pages = Math.ceil(total() / 25);
    await page.goto("/poems?view=list&page=999");
    await expect(page).toHaveURL(new RegExp(`page=${pages}`));
    await expect(page.getByRole("navigation", { name: "Poems pages" }).locator('[aria-current="page"]')).toHaveText(
      String(pages),
    );
  });

  test("bad parameters fall back to defaults", async ({ page }) => {
    const response = await page.goto("/poems?page=abc&view=grid&sort=nope&dir=sideways");
    expect(response?.status()).toBe(200);
    await expect(page.locator(".poem-card")).toHaveCount(12);
  });

  test("has no serious accessibility violations in cards and list", async ({ page }) => {
    await page.goto("/poems");
    await expectNoSeriousA11yViolations(page);
    await page.goto("/poems?view=list&sort=year&dir=desc");
    await expectNoSeriousA11yViolations(page);
    await page.goto("/poems?q=qqxxzzjj");
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe("poems catalogue without JavaScript", () => {
  test("paging, view, sort, direction and the title filter work through links and the GET form", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/poems");
    await expect(page.locator(".list-page__count")).toHaveText(`${fmt(total())} poems total`);

    await page.getByRole("navigation", { name: "Poems pages" }).getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/poems\?page=2$/);
    await expect(page.locator(".poem-card")).toHaveCount(12);

    await page.getByRole("group", { name: "Display mode" }).getByRole("link", { name: "List" }).click();
    await expect(page).toHaveURL(/\/poems\?view=list$/);
    await expect(page.locator(".poem-table tbody tr")).toHaveCount(25);

    // The form keeps the view and applies the sort with its Apply button.
    await page.getByLabel("Sort by").selectOption("year");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/view=list/);
    await expect(page).toHaveURL(/sort=year/);
    const withYears = e2ePoems().filter((p) => p.year).map((p) => p.year!);
    await expect(page.locator(".poem-table tbody td.list-table__year").first()).toHaveText(String(Math.min(...withYears)));

    await page.getByRole("link", { name: "Sort descending" }).click();
    await expect(page).toHaveURL(/dir=desc/);
    await expect(page.locator(".poem-table tbody td.list-table__year").first()).toHaveText(String(Math.max(...withYears)));

    await page.getByRole("searchbox", { name: "Search poems by title" }).fill("skylark");
    await page.getByRole("searchbox", { name: "Search poems by title" }).press("Enter");
    await expect(page).toHaveURL(/q=skylark/);
    await expect(page.locator(".poem-table tbody tr").first()).toContainText("To a Skylark");
    await expect(page.locator(".list-page__count")).toHaveText(/^Found \d+ poems? matching your search$/);
    await context.close();
  });

  test("the server HTML carries the list, the count and the pager links", async ({ request }) => {
    const html = await (await request.get("/poems?view=list&page=2")).text();
    expect(html).toContain(`${fmt(total())} poems total`);
    expect(html.match(/<tr>/g)?.length).toBe(26); // header + 25 rows
    expect(html).toMatch(/href="\/poems\?view=list&amp;page=3"/);
    expect(html).toMatch(/href="\/poems\?view=list"[^>]*>Previous|rel="prev"/);
  });
});

test.describe("in every theme mode", () => {
  for (const [mode, prefs] of Object.entries(THEME_MODES)) {
    test(`the catalogue in cards and list: no serious accessibility violations in ${mode}`, async ({ page, context }) => {
      await setPreferencesCookie(context, prefs);
      for (const path of ["/poems", "/poems?view=list&page=2"]) {
        await page.goto(path);
        await expect(page.locator("html")).toHaveAttribute("data-theme", mode);
        await expectNoSeriousA11yViolations(page);
      }
    });
  }
});
