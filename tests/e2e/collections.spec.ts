import { readFileSync } from "node:fs";
import path from "node:path";
import { type Browser, type BrowserContextOptions, expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { e2ePoems, textLines } from "./support/corpus";
import { setPreferencesCookie, THEME_MODES } from "./support/preferences";
import { readState } from "./support/state";

interface CorpusCollection {
  title: string;
  author: string;
  year?: number;
  poem_ids: string[];
  rights: string;
  gutenberg_id?: number;
}

function corpusCollections(): CorpusCollection[] {
  return readFileSync(path.join(readState().corpusDir, "collections.jsonl"), "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as CorpusCollection);
}

function book(title: string) {
  const found = corpusCollections().find((c) => c.title === title);
  if (!found) throw new Error(`The e2e corpus slice has no collection '${title}'`);
  const byId = new Map(e2ePoems().map((p) => [p.id, p]));
  // Book order, as the importer keeps it (poems the corpus lacks are skipped).
  const poems = found.poem_ids.flatMap((id) => {
    const poem = byId.get(id);
    return poem ? [poem] : [];
  });
  return { ...found, poems };
}

const shropshire = () => book("A Shropshire Lad");
const SHROPSHIRE = "/collections/a-shropshire-lad";
const BRONTES = "/collections/poems-by-currer-ellis-and-acton-bell";

const reader = (position: number | string) => `${SHROPSHIRE}?reading=true&position=${position}`;

async function withContext(browser: Browser, options: BrowserContextOptions, run: (page: Page) => Promise<void>) {
  const context = await browser.newContext(options);
  try {
    await run(await context.newPage());
  } finally {
    await context.close();
  }
}

/** The titles of the cards on screen, in order (assert with toHaveText, which waits for the page to settle). */
const cardTitles = (page: Page) => page.locator("main .card__title .card__link");

const tableColumn = (page: Page, column: number) => page.locator(`main table tbody tr td:nth-child(${column})`);
const tableHeaders = (page: Page) => page.locator("main table thead th");

const counter = (page: Page) => page.getByTestId("reader-counter");

/** The move's fade and slide are over: the reader takes input again. */
async function settled(page: Page) {
  await expect(page.locator(".reader__poem")).toHaveAttribute("data-phase", "idle");
}
const readerTitle = (page: Page) => page.locator(".reader__title");

/** Hydration done: the share menu's button replaces its no-JavaScript disclosure once the page is live. */
async function readerReady(page: Page) {
  await expect(page.locator(".reader button.share-menu__trigger")).toBeVisible();
}

test.describe("collections list", () => {
  test("lists every book as cards linking to its page, with the total", async ({ page }) => {
    const response = await page.goto("/collections");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Poetry Collections" })).toBeVisible();
    await expect(page).toHaveTitle("Poetry Collections | Poetry Commons");
    const books = corpusCollections();
    await expect(page.locator("main .list-page__count")).toHaveText(`${books.length} collections total`);
    await expect(page.locator("main .collection-card")).toHaveCount(books.length);
    const card = page.locator(".collection-card", { hasText: "A Shropshire Lad" });
    await expect(card.getByRole("link", { name: "A Shropshire Lad" })).toHaveAttribute("href", SHROPSHIRE);
    await expect(card).toContainText("A. E. Housman");
    await expect(card).toContainText("1896");
    await expect(card).toContainText("63 poems");
    await expect(page.getByPlaceholder("Search collections...")).toBeVisible();
    await expect(page.getByLabel("Sort by")).toHaveValue("title");
    expect(await page.getByLabel("Sort by").locator("option").allTextContents()).toEqual([
      "Title",
      "Year",
      "Poet",
      "Poem Count",
    ]);
  });

  test("searches, sorts both ways and switches to the list, all kept in the URL", async ({ page }) => {
    await page.goto("/collections");
    await page.getByPlaceholder("Search collections...").fill("bell");
    await expect(page).toHaveURL(/[?&]q=bell/);
    await expect(page.locator("main .list-page__count")).toHaveText(`Found 1 out of ${corpusCollections().length}`);
    await expect(cardTitles(page)).toHaveText(["Poems by Currer, Ellis, and Acton Bell"]);

    // The poet line is searched too.
    await page.getByPlaceholder("Search collections...").fill("frost");
    await expect(page).toHaveURL(/[?&]q=frost/);
    await expect(cardTitles(page)).toHaveText(["A Boy's Will"]);

    await page.getByPlaceholder("Search collections...").fill("");
    await expect(page).not.toHaveURL(/q=frost/);
    await expect(page.locator("main .list-page__count")).toHaveText(`${corpusCollections().length} collections total`);
    await page.getByLabel("Sort by").selectOption("count");
    await expect(page).toHaveURL(/sort=count/);
    const byCount = [...corpusCollections()].sort((a, b) => a.poem_ids.length - b.poem_ids.length).map((c) => c.title);
    await expect(cardTitles(page)).toHaveText(byCount);

    await page.getByRole("link", { name: "Sort descending" }).click();
    await expect(page).toHaveURL(/dir=desc/);
    await expect(cardTitles(page)).toHaveText([...byCount].reverse());

    await page.getByRole("link", { name: "List", exact: true }).click();
    await expect(page).toHaveURL(/view=list/);
    await expect(page).toHaveURL(/sort=count/);
    await expect(tableHeaders(page)).toHaveText(["Title", "Poet", "Year", "Poems"]);
    await expect(tableColumn(page, 1)).toHaveText([...byCount].reverse());
    await expect(tableColumn(page, 4)).toHaveText(
      [...corpusCollections()].sort((a, b) => b.poem_ids.length - a.poem_ids.length).map((c) => String(c.poem_ids.length)),
    );

    // Reload: the state was all in the URL.
    await page.reload();
    await expect(tableColumn(page, 1)).toHaveText([...byCount].reverse());
    await page.getByRole("link", { name: "A Shropshire Lad" }).click();
    await expect(page).toHaveURL(SHROPSHIRE);
    await expect(page.getByRole("heading", { level: 1, name: "A Shropshire Lad" })).toBeVisible();
  });

  test("works without JavaScript: search form, sort, direction and view are links and GET forms", async ({ browser }) => {
    await withContext(browser, { javaScriptEnabled: false }, async (page) => {
      await page.goto("/collections");
      await page.getByPlaceholder("Search collections...").fill("shropshire");
      await page.getByRole("button", { name: "Apply" }).click();
      await expect(page).toHaveURL(/q=shropshire/);
      await expect(page.locator("main .list-page__count")).toHaveText(/^Found 1 out of \d+$/);
      await expect(cardTitles(page)).toHaveText(["A Shropshire Lad"]);

      await page.goto("/collections");
      await page.getByLabel("Sort by").selectOption("year");
      await page.getByRole("button", { name: "Apply" }).click();
      await expect(page).toHaveURL(/sort=year/);
      const byYear = [...corpusCollections()].sort((a, b) => (a.year ?? 0) - (b.year ?? 0)).map((c) => c.title);
      await expect(cardTitles(page)).toHaveText(byYear);
      await page.getByRole("link", { name: "Sort descending" }).click();
      await expect(cardTitles(page)).toHaveText([...byYear].reverse());
      await page.getByRole("link", { name: "List", exact: true }).click();
      await expect(page).toHaveURL(/view=list/);
      await expect(tableColumn(page, 1)).toHaveText([...byYear].reverse());
    });
  });

  test("shows the empty state when nothing matches", async ({ page }) => {
    await page.goto("/collections?q=zzzz-no-such-book");
    await expect(page.locator("main .list-page__count")).toHaveText(`Found 0 out of ${corpusCollections().length}`);
    await expect(page.getByText("No collections found matching your search.")).toBeVisible();
  });

  test("has no serious accessibility violations (cards and list)", async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto("/collections");
    await expectNoSeriousA11yViolations(page);
    await page.goto("/collections?view=list");
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe("collection page", () => {
  test("shows title, poet, year, poem count, source and the first twelve poems as numbered cards", async ({ page }) => {
    const book = shropshire();
    const response = await page.goto(SHROPSHIRE);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle("A Shropshire Lad | Poetry Commons");
    await expect(page.getByRole("heading", { level: 1, name: "A Shropshire Lad" })).toBeVisible();
    const header = page.locator(".collection-page__header");
    await expect(header.getByRole("link", { name: "A. E. Housman" })).toHaveAttribute("href", "/authors/a-e-housman");
    await expect(header.locator(".collection-page__facts")).toHaveText("1896 · 63 poems");
    await expect(header.getByRole("link", { name: "Project Gutenberg eBook #5720" })).toHaveAttribute(
      "href",
      "https://www.gutenberg.org/ebooks/5720",
    );
    await expect(header).toContainText("This book is in the public domain.");
    await expect(page.locator("link[rel=canonical]")).toHaveAttribute("href", /\/collections\/a-shropshire-lad$/);

    await expect(cardTitles(page)).toHaveText(book.poems.slice(0, 12).map((p) => p.title));
    await expect(page.locator(".card__number").first()).toHaveText("1. ");
    await expect(page.getByText("Showing 1 to 12 of 63 poems")).toBeVisible();
    const modes = page.getByRole("group", { name: "Display mode" });
    expect(await modes.getByRole("link").allTextContents()).toEqual(["Cards", "List", "Read"]);
    await expect(modes.getByRole("link", { name: "Cards" })).toHaveAttribute("aria-current", "true");
    expect(await page.getByLabel("Sort by").locator("option").allTextContents()).toEqual([
      "Book order",
      "Title",
      "Year",
      "Author",
    ]);

    // Paging: six pages of twelve, the last one partial.
    const pager = page.getByRole("navigation", { name: "Poems pages" });
    await pager.getByRole("link", { name: "Page 6" }).click();
    await expect(page).toHaveURL(`${SHROPSHIRE}?page=6`);
    await expect(page.getByText("Showing 61 to 63 of 63 poems")).toBeVisible();
    await expect(cardTitles(page)).toHaveText(book.poems.slice(60).map((p) => p.title));
    await expect(pager.getByText("Next")).toHaveAttribute("aria-disabled", "true");
    await pager.getByRole("link", { name: "Previous" }).click();
    await expect(page.getByText("Showing 49 to 60 of 63 poems")).toBeVisible();
  });

  test("list mode has '#' and 'Title' columns in book order, 40 to a page", async ({ page }) => {
    const book = shropshire();
    await page.goto(SHROPSHIRE);
    await page.getByRole("group", { name: "Display mode" }).getByRole("link", { name: "List" }).click();
    await expect(page).toHaveURL(`${SHROPSHIRE}?view=list`);
    await expect(tableHeaders(page)).toHaveText(["#", "Title"]);
    await expect(tableColumn(page, 1)).toHaveText(Array.from({ length: 40 }, (_, i) => String(i + 1)));
    await expect(tableColumn(page, 2)).toHaveText(book.poems.slice(0, 40).map((p) => p.title));
    await expect(page.getByText("Showing 1 to 40 of 63 poems")).toBeVisible();
    await expect(page.getByRole("link", { name: book.poems[0].title })).toHaveAttribute("href", `/poems/${book.poems[0].id}`);

    await page.getByRole("navigation", { name: "Poems pages" }).getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(`${SHROPSHIRE}?view=list&page=2`);
    await expect(tableColumn(page, 1)).toHaveText(Array.from({ length: 23 }, (_, i) => String(i + 41)));
    await expect(tableColumn(page, 2)).toHaveText(book.poems.slice(40).map((p) => p.title));
    await expect(page.getByText("Showing 41 to 63 of 63 poems")).toBeVisible();

    // Book order reversed, then a title sort: the '#' column keeps each poem's place in the book.
    await page.goto(`${SHROPSHIRE}?view=list&dir=desc`);
    await expect(tableColumn(page, 1).first()).toHaveText("63");
    await expect(tableColumn(page, 1).nth(2)).toHaveText("61");
    await page.getByLabel("Sort by").selectOption("title");
    await expect(page).toHaveURL(/sort=title/);
    await expect(page.getByLabel("Sort by")).toHaveValue("title");
    await expect(tableColumn(page, 1).first()).not.toHaveText("63");
    await expect(tableColumn(page, 1)).toHaveCount(40);
    const numbers = (await tableColumn(page, 1).allTextContents()).map(Number);
    const titles = await tableColumn(page, 2).allTextContents();
    const place = new Map(book.poems.map((p, i) => [p.title, i + 1]));
    expect(numbers).toEqual(titles.map((t) => place.get(t)));
    expect(numbers).not.toEqual([...numbers].sort((a, b) => b - a));
  });

  test("searches titles case-insensitively and sorts by author", async ({ page }) => {
    const book = shropshire();
    await page.goto(`${SHROPSHIRE}?view=list`);
    await page.getByPlaceholder("Search poems...").fill("WHEN");
    await expect(page).toHaveURL(/q=WHEN/);
    const expected = book.poems.filter((p) => p.title.toLowerCase().includes("when"));
    expect(expected.length).toBeGreaterThan(2);
    await expect(tableColumn(page, 2)).toHaveText(expected.map((p) => p.title));
    await expect(page.getByText(`Showing 1 to ${expected.length} of ${expected.length} poems`)).toBeVisible();
    await expect(page).toHaveURL(/view=list/);

    await page.getByPlaceholder("Search poems...").fill("no such title at all");
    await expect(page.getByText("No poems found matching your search.")).toBeVisible();

    // A book by three poets: an Author column, and sorting by author groups them (Anne, Charlotte, Emily).
    await page.goto(`${BRONTES}?view=list&sort=author`);
    await expect(tableHeaders(page)).toHaveText(["#", "Title", "Author"]);
    await expect(tableColumn(page, 3).first()).toHaveText("Anne Brontë");
    await page.goto(`${BRONTES}?view=list&sort=author&dir=desc`);
    await expect(tableColumn(page, 3).first()).toHaveText("Emily Brontë");
    await expect(page.locator(".collection-page__byline")).toHaveText("By Anne Brontë & Charlotte Brontë & Emily Brontë");
    await expect(page.locator(".collection-page__byline a")).toHaveCount(0);
  });

  test("a book public domain only in the United States says so", async ({ page }) => {
    await page.goto("/collections/a-boys-will");
    await expect(page.locator(".collection-page__source")).toContainText(
      "This book is in the public domain in the United States.",
    );
  });

  test("works without JavaScript: search, sort, list mode and paging", async ({ browser }) => {
    const book = shropshire();
    await withContext(browser, { javaScriptEnabled: false }, async (page) => {
      await page.goto(SHROPSHIRE);
      await page.getByRole("link", { name: "List", exact: true }).click();
      await expect(page).toHaveURL(`${SHROPSHIRE}?view=list`);
      await page.getByRole("link", { name: "Page 2" }).click();
      await expect(tableColumn(page, 1).first()).toHaveText("41");
      await page.getByPlaceholder("Search poems...").fill("when");
      await page.getByRole("button", { name: "Apply" }).click();
      await expect(page).toHaveURL(/view=list/);
      const expected = book.poems.filter((p) => p.title.toLowerCase().includes("when"));
      await expect(tableColumn(page, 2)).toHaveText(expected.map((p) => p.title));
      await page.getByLabel("Sort by").selectOption("book");
      await page.getByRole("link", { name: "Sort descending" }).click();
      await expect(tableColumn(page, 2)).toHaveText(expected.map((p) => p.title).reverse());
    });
  });

  test("a missing collection is a 404 'Collection not found'", async ({ page }) => {
    const response = await page.goto("/collections/no-such-book");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Collection not found" })).toBeVisible();
    await expect(page).toHaveTitle("Collection not found | Poetry Commons");
  });

  test("has no serious accessibility violations (cards and list)", async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto(SHROPSHIRE);
    await expectNoSeriousA11yViolations(page);
    await page.goto(`${BRONTES}?view=list`);
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe("collection reader", () => {
  test("Read mode opens full screen at the first poem, with Exit, counter, title and actions", async ({ page }) => {
    const book = shropshire();
    await page.goto(`${SHROPSHIRE}?view=list`);
    await page.getByRole("group", { name: "Display mode" }).getByRole("link", { name: "Read" }).click();
    await expect(page).toHaveURL(`${SHROPSHIRE}?view=list&reading=true&position=0`);
    await expect(counter(page)).toHaveText("1 of 63");
    await expect(readerTitle(page)).toHaveText(book.poems[0].title);
    await expect(page.locator(".reader__collection")).toHaveText("A Shropshire Lad");
    await expect(page.locator(".reader .poem-text")).toContainText(textLines(book.poems[0].content)[1].trim());
    await expect(page.locator(".reader").getByRole("button", { name: "Favorite" })).toBeDisabled();
    await expect(page.locator(".reader").getByText("Share", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Open the poem's page" })).toHaveAttribute("href", /^\/poems\//);
    // Full screen: the reader covers the viewport and the site header is out of the way.
    const box = await page.locator(".reader").boundingBox();
    expect(box).toEqual({ x: 0, y: 0, width: 1280, height: 720 });
    await expect(page.locator("header.site-header")).toBeHidden();
    await expect(page.getByRole("button", { name: "Previous poem" })).toBeDisabled();
    await expect(page.getByText("Swipe to navigate")).toBeHidden();

    await page.getByRole("link", { name: "Exit" }).click();
    await expect(page).toHaveURL(`${SHROPSHIRE}?view=list`);
    await expect(page.locator("main table")).toBeVisible();
  });

  test("keys Right/l and Left/h move one poem, Escape exits; the URL follows", async ({ page }) => {
    const book = shropshire();
    await page.goto(reader(0));
    await readerReady(page);
    await page.keyboard.press("ArrowRight");
    await expect(counter(page)).toHaveText("2 of 63");
    await expect(readerTitle(page)).toHaveText(book.poems[1].title);
    await expect(page).toHaveURL(reader(1));
    await settled(page);
    await page.keyboard.press("l");
    await expect(counter(page)).toHaveText("3 of 63");
    await expect(page).toHaveURL(reader(2));
    await settled(page);
    await page.keyboard.press("h");
    await expect(counter(page)).toHaveText("2 of 63");
    await settled(page);
    await page.keyboard.press("ArrowLeft");
    await expect(counter(page)).toHaveText("1 of 63");
    await expect(page).toHaveURL(reader(0));
    // Blocked at the first poem.
    await settled(page);
    await page.keyboard.press("ArrowLeft");
    await page.waitForTimeout(500);
    await expect(counter(page)).toHaveText("1 of 63");
    await expect(page).toHaveURL(reader(0));

    // Escape leaves the reader for the collection page it belongs to.
    await page.keyboard.press("Escape");
    await expect(page).toHaveURL(SHROPSHIRE);
    await expect(page.getByRole("heading", { level: 1, name: "A Shropshire Lad" })).toBeVisible();
  });

  test("input during a transition is ignored, and the buttons move too", async ({ page }) => {
    const book = shropshire();
    await page.goto(reader(10));
    await readerReady(page);
    // Two presses inside one transition (about 50 ms + 300 ms): one move.
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect(counter(page)).toHaveText("12 of 63");
    await page.waitForTimeout(700);
    await expect(counter(page)).toHaveText("12 of 63");
    await expect(page).toHaveURL(reader(11));

    await settled(page);
    await page.getByRole("link", { name: "Next poem" }).click();
    await expect(counter(page)).toHaveText("13 of 63");
    await expect(readerTitle(page)).toHaveText(book.poems[12].title);
    await settled(page);
    await page.getByRole("link", { name: "Previous poem" }).click();
    await expect(counter(page)).toHaveText("12 of 63");
    await expect(readerTitle(page)).toHaveText(book.poems[11].title);
  });

  test("blocks at the last poem, and positions out of range are clamped", async ({ page }) => {
    const book = shropshire();
    await page.goto(reader(999));
    await expect(page).toHaveURL(reader(62));
    await expect(counter(page)).toHaveText("63 of 63");
    await expect(readerTitle(page)).toHaveText(book.poems[62].title);
    await expect(page.getByRole("button", { name: "Next poem" })).toBeDisabled();
    await readerReady(page);
    await page.keyboard.press("ArrowRight");
    await page.waitForTimeout(500);
    await expect(counter(page)).toHaveText("63 of 63");

    await page.goto(reader(-3));
    await expect(page).toHaveURL(reader(0));
    await expect(counter(page)).toHaveText("1 of 63");
    await page.goto(reader("abc"));
    await expect(page).toHaveURL(reader(0));
    await page.goto(`${SHROPSHIRE}?reading=true`);
    await expect(page).toHaveURL(reader(0));
    await expect(readerTitle(page)).toHaveText(book.poems[0].title);
  });

  test("a reload keeps the place, and moves replace the history entry", async ({ page }) => {
    const book = shropshire();
    await page.goto(reader(5));
    await readerReady(page);
    await page.keyboard.press("ArrowRight");
    await expect(page).toHaveURL(reader(6));
    await expect(counter(page)).toHaveText("7 of 63");
    await page.reload();
    await expect(counter(page)).toHaveText("7 of 63");
    await expect(readerTitle(page)).toHaveText(book.poems[6].title);
    // Back leaves the reader instead of stepping through every poem read.
    await page.goBack();
    await expect(page).toHaveURL("about:blank");
  });

  test("the server sends one poem, not the whole book", async ({ request }) => {
    const book = shropshire();
    const html = await (await request.get(reader(3))).text();
    expect(html).toContain(book.poems[3].title);
    for (const other of [book.poems[2], book.poems[4], book.poems[40]]) {
      expect(html).not.toContain(textLines(other.content)[1].trim());
    }
  });

  test("on a 375 px touch screen: Previous/Next buttons, the swipe hint and swipes", async ({ browser }) => {
    test.setTimeout(120_000);
    const book = shropshire();
    await withContext(browser, { viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true }, async (page) => {
      await page.goto(reader(0));
      await readerReady(page);
      await expect(page.getByText("Swipe to navigate")).toBeVisible();
      await expect(page.getByRole("button", { name: "Previous", exact: true })).toBeDisabled();
      await expect(page.getByRole("link", { name: "Next", exact: true })).toBeVisible();
      await expect(page.getByRole("link", { name: "Next poem" })).toBeHidden();

      const cdp = await page.context().newCDPSession(page);
      const swipe = async (from: [number, number], to: [number, number]) => {
        await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: from[0], y: from[1] }] });
        for (let i = 1; i <= 5; i++) {
          const x = from[0] + ((to[0] - from[0]) * i) / 5;
          const y = from[1] + ((to[1] - from[1]) * i) / 5;
          await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x, y }] });
        }
        await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
      };

      // Leftward swipe: the next poem; the hint belongs to the first poem only.
      await swipe([300, 400], [150, 410]);
      await expect(counter(page)).toHaveText("2 of 63");
      await expect(readerTitle(page)).toHaveText(book.poems[1].title);
      await expect(page).toHaveURL(reader(1));
      await expect(page.getByText("Swipe to navigate")).toBeHidden();
      await settled(page);

      // Not swipes: too short, or too steep (vertical travel not under half the horizontal).
      await swipe([300, 400], [255, 400]);
      await swipe([300, 300], [200, 360]);
      await page.waitForTimeout(500);
      await expect(counter(page)).toHaveText("2 of 63");

      // Rightward swipe: back.
      await swipe([100, 400], [260, 390]);
      await expect(counter(page)).toHaveText("1 of 63");
      await expect(page.getByText("Swipe to navigate")).toBeVisible();
      await settled(page);

      await page.getByRole("link", { name: "Next", exact: true }).click();
      await expect(counter(page)).toHaveText("2 of 63");
      await settled(page);
      await page.getByRole("link", { name: "Previous", exact: true }).click();
      await expect(counter(page)).toHaveText("1 of 63");
      await expectNoSeriousA11yViolations(page);
    });
  });

  test("without JavaScript, each poem is its own page with previous/next and exit links", async ({ browser }) => {
    const book = shropshire();
    await withContext(browser, { javaScriptEnabled: false }, async (page) => {
      await page.goto(`${SHROPSHIRE}?view=list`);
      await page.getByRole("link", { name: "Read", exact: true }).click();
      await expect(counter(page)).toHaveText("1 of 63");
      await expect(page.getByRole("link", { name: "Next poem" })).toHaveAttribute(
        "href",
        `${SHROPSHIRE}?view=list&reading=true&position=1`,
      );
      await page.getByRole("link", { name: "Next poem" }).click();
      await expect(page).toHaveURL(`${SHROPSHIRE}?view=list&reading=true&position=1`);
      await expect(counter(page)).toHaveText("2 of 63");
      await expect(readerTitle(page)).toHaveText(book.poems[1].title);
      await page.getByRole("link", { name: "Next poem" }).click();
      await expect(counter(page)).toHaveText("3 of 63");
      await page.getByRole("link", { name: "Previous poem" }).click();
      await expect(counter(page)).toHaveText("2 of 63");
      await expect(page.getByText("Swipe to navigate")).toHaveCount(0);
      await page.getByRole("link", { name: "Exit" }).click();
      await expect(page).toHaveURL(`${SHROPSHIRE}?view=list`);
      await expect(page.locator("main table")).toBeVisible();
    });
  });

  test("has no serious accessibility violations", async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto(reader(1));
    await readerReady(page);
    await expectNoSeriousA11yViolations(page);
  });
});

for (const [mode, prefs] of Object.entries(THEME_MODES)) {
  test(`list, book page and reader have no serious accessibility violations in ${mode} mode`, async ({ page, context }) => {
    test.setTimeout(180_000);
    await setPreferencesCookie(context, prefs);
    for (const url of ["/collections?view=list", SHROPSHIRE, reader(2)]) {
      await page.goto(url);
      await expect(page.locator("html")).toHaveAttribute("data-theme", mode);
      if (url === reader(2)) await readerReady(page);
      await expectNoSeriousA11yViolations(page);
    }
  });
}
