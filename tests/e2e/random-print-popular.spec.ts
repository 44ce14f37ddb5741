import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { setPreferencesCookie, THEME_MODES } from "./support/preferences";
import { type CorpusPoem, e2ePoems, findCorpusPoem, textLines } from "./support/corpus";

const SITE = "Poetry Commons";

const byId = (id: string | null): CorpusPoem => {
  const poem = e2ePoems().find((p) => p.id === id);
  if (!poem) throw new Error(`no corpus poem ${id}`);
  return poem;
};

const shownId = (page: Page) => page.locator(".random__card").getAttribute("data-poem-id");

test.describe("random poem", () => {
  test("shows a poem's title, author, year and first 8 lines, never cached", async ({ page }) => {
    const response = await page.goto("/poems/random");
    expect(response?.status()).toBe(200);
    expect(response?.headers()["cache-control"]).toBe("no-store");
    const poem = byId(await shownId(page));
    await expect(page.locator(".random__title")).toHaveText(poem.title);
    await expect(page.locator(".random__byline")).toHaveText(poem.year ? `By ${poem.author} (${poem.year})` : `By ${poem.author}`);
    const lines = await page.locator(".random__preview .poem-text__line").allTextContents();
    expect(lines).toEqual(textLines(poem.content).slice(0, 8));
    const cut = textLines(poem.content).length > 8;
    await expect(page.locator(".random__preview")).toHaveClass(cut ? /is-cut/ : /^random__preview$/);
    await expect(page.getByRole("link", { name: "Read Full Poem" })).toHaveAttribute("href", `/poems/${poem.id}`);
    await expect(page).toHaveTitle(`Random Poem | ${SITE}`);
  });

  test("fades the preview out at the bottom when the poem goes on", async ({ page }) => {
    // Reload until a long poem comes up (most are longer than 8 lines).
    for (let i = 0; i < 10; i++) {
      await page.goto("/poems/random");
      if (textLines(byId(await shownId(page)).content).length > 8) break;
    }
    const mask = await page.locator(".random__preview").evaluate((el) => getComputedStyle(el).maskImage);
    expect(mask).toContain("linear-gradient");
  });

  test("Roll Again fetches another poem, disabled and spinning meanwhile", async ({ page }) => {
    await page.goto("/poems/random");
    const first = await shownId(page);
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/poems/random", async (route) => {
      await held;
      await route.continue();
    });
    const roll = page.getByRole("button", { name: "Roll Again" });
    await roll.click();
    await expect(roll).toBeDisabled();
    await expect(roll.locator(".random__dice")).toHaveClass(/is-spinning/);
    release();
    await expect.poll(() => shownId(page)).not.toBe(first);
    await expect(roll).toBeEnabled();
    await expect(roll.locator(".random__dice")).not.toHaveClass(/is-spinning/);
    const poem = byId(await shownId(page));
    await expect(page.locator(".random__title")).toHaveText(poem.title);
    await expect(page.getByRole("link", { name: "Read Full Poem" })).toHaveAttribute("href", `/poems/${poem.id}`);
    // The page itself stayed: no navigation happened.
    await expect(page).toHaveURL(/\/poems\/random$/);
  });

  test("a failed roll keeps the poem and only logs 'Failed to fetch random poem'", async ({ page }) => {
    await page.goto("/poems/random");
    const first = await shownId(page);
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    await page.route("**/api/poems/random", (route) => route.fulfill({ status: 500, body: "{}" }));
    const roll = page.getByRole("button", { name: "Roll Again" });
    await roll.click();
    await expect.poll(() => errors.some((e) => e.includes("Failed to fetch random poem"))).toBe(true);
    await expect(roll).toBeEnabled();
    expect(await shownId(page)).toBe(first);
    await expect(page.locator(".random__title")).toHaveText(byId(first).title);
  });

  test("without JavaScript, Roll Again is a link that gives another poem", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/poems/random");
    const seen = new Set([await shownId(page)]);
    const roll = page.getByRole("link", { name: "Roll Again" });
    await expect(roll).toHaveAttribute("href", /^\/poems\/random\?r=[0-9a-f]{12}$/);
    for (let i = 0; i < 5 && seen.size < 2; i++) {
      await page.getByRole("link", { name: "Roll Again" }).click();
      await expect(page.locator(".random__card")).toBeVisible();
      seen.add(await shownId(page));
    }
    expect(seen.size).toBeGreaterThan(1);
    await context.close();
  });

  test("has no serious accessibility violations", async ({ page }) => {
    await page.goto("/poems/random");
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe("print page", () => {
  const ozymandias = () =>
    findCorpusPoem((p) => p.author === "Percy Bysshe Shelley" && /^ozymandias/i.test(p.title), "Ozymandias");

  // Records print() calls and the timer each ran from, so the delay can be checked exactly.
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      type Timer = { delay: number; at: number };
      const w = window as unknown as { prints: { at: number; timer: Timer | null }[]; running: Timer | null };
      w.prints = [];
      w.running = null;
      const original = window.setTimeout.bind(window);
      window.setTimeout = ((fn: (...args: unknown[]) => void, delay = 0, ...args: unknown[]) => {
        const timer = { delay, at: performance.now() };
        return original(() => {
          w.running = timer;
          try {
            fn(...args);
          } finally {
            w.running = null;
          }
        }, delay);
      }) as typeof window.setTimeout;
      window.print = () => {
        w.prints.push({ at: performance.now(), timer: w.running });
      };
    });
  });

  // The print route's own data request (client navigation), not the root's.
  const printData = (url: URL) =>
    url.pathname.endsWith("/print.data") && url.searchParams.get("_routes") === "routes/poem.print";

  const prints = (page: Page) =>
    page.evaluate(() => (window as unknown as { prints: { at: number; timer: { delay: number; at: number } | null }[] }).prints);

  test("shows the poem with a footer, titles the page '{title} — {author}' and prints after 250 ms", async ({ page }) => {
    const poem = ozymandias();
    const response = await page.goto(`/poems/${poem.id}/print`);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(`${poem.title} — ${poem.author}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(poem.title);
    await expect(page.locator(".print-page__byline")).toHaveText(`By ${poem.author}`);
    if (poem.year) await expect(page.locator(".print-page__year")).toHaveText(String(poem.year));
    expect(await page.locator(".print-page .poem-text__line").allTextContents()).toEqual(textLines(poem.content));
    await expect(page.locator(".print-page__footer")).toHaveText(SITE);

    await expect.poll(async () => (await prints(page)).length).toBe(1);
    const [print] = await prints(page);
    expect(print!.timer?.delay).toBe(250);
    expect(print!.at - print!.timer!.at).toBeGreaterThanOrEqual(249);
    // Only once.
    await page.waitForTimeout(400);
    expect(await prints(page)).toHaveLength(1);
  });

  test("from the poem page: 'Preparing print…', then the poem; leaving restores the title", async ({ page }) => {
    const poem = ozymandias();
    await page.goto(`/poems/${poem.id}`);
    const poemTitle = await page.title();
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(printData, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("button", { name: "Share" }).click();
    await page.getByRole("menuitem", { name: "Print" }).click();
    await expect(page.getByText("Preparing print…")).toBeVisible();
    release();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(poem.title);
    await expect(page).toHaveTitle(`${poem.title} — ${poem.author}`);
    await expect.poll(async () => (await prints(page)).length).toBe(1);
    await page.goBack();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(poem.title);
    await expect(page).toHaveTitle(poemTitle);
  });

  test("a failed load says so", async ({ page }) => {
    const poem = ozymandias();
    await page.goto(`/poems/${poem.id}`);
    await page.route(printData, (route) => route.abort());
    await page.getByRole("button", { name: "Share" }).click();
    await page.getByRole("menuitem", { name: "Print" }).click();
    // The error's own message, or 'Failed to load poem'; never the poem, never a print dialog.
    await expect(page.getByRole("link", { name: "Browse all poems" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(poem.title);
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("");
    expect(await prints(page)).toHaveLength(0);
  });

  test("an unknown poem answers 404 'Poem not found'", async ({ page }) => {
    const response = await page.goto("/poems/no-such-poem/print");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Poem not found");
  });

  test("on paper only the poem, its byline and the site name show", async ({ page }) => {
    await page.goto(`/poems/${ozymandias().id}/print`);
    await page.emulateMedia({ media: "print" });
    await expect(page.locator(".site-header")).toBeHidden();
    await expect(page.getByRole("link", { name: "Back to the poem" })).toBeHidden();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.locator(".print-page__footer")).toBeVisible();
    await expect(page.locator("body")).toHaveCSS("background-color", "rgb(255, 255, 255)");
  });

  test("works without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const poem = ozymandias();
    await page.goto(`/poems/${poem.id}/print`);
    await expect(page).toHaveTitle(`${poem.title} — ${poem.author}`);
    expect(await page.locator(".print-page .poem-text__line").allTextContents()).toEqual(textLines(poem.content));
    await context.close();
  });

  test("has no serious accessibility violations", async ({ page }) => {
    await page.goto(`/poems/${ozymandias().id}/print`);
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe("popular poems", () => {
  // Favorites, then views (signed-in readers' poem views recorded by the accounts spec), then the id. The counts
  // come from the API (a fresh address, so no cached answer); poems missing from its top 100 have none.
  let counts = new Map<string, { favorite_count: number; view_count: number }>();
  test.beforeAll(async ({ request }) => {
    const answer = await request.get(`/api/poems/popular?limit=100&fresh=${Date.now()}`);
    const { poems } = (await answer.json()) as { poems: { id: string; favorite_count: number; view_count: number }[] };
    counts = new Map(poems.map((p) => [p.id, p]));
  });
  const expectedOrder = () => {
    const of = (id: string) => counts.get(id) ?? { favorite_count: 0, view_count: 0 };
    return [...new Map(e2ePoems().map((p) => [p.id, p])).values()].sort(
      (a, b) =>
        of(b.id).favorite_count - of(a.id).favorite_count ||
        of(b.id).view_count - of(a.id).view_count ||
        (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    );
  };

  test("ranks poems in cards linking to each poem", async ({ page }) => {
    const response = await page.goto("/popular");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Popular Poems" })).toBeVisible();
    await expect(page).toHaveTitle(`Popular Poems | ${SITE}`);
    const links = page.locator(".poem-card .card__title a");
    await expect(links).toHaveCount(48);
    const expected = expectedOrder().slice(0, 48);
    expect(await links.evaluateAll((els) => els.map((el) => el.getAttribute("href")))).toEqual(
      expected.map((p) => `/poems/${p.id}`),
    );
    await expect(page.locator(".poem-card .card__number").first()).toHaveText("1.");
    await links.first().click();
    await expect(page).toHaveURL(`/poems/${expected[0]!.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(expected[0]!.title);
  });

  test("list mode is a numbered table, also without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/popular");
    await page.getByRole("group", { name: "Display mode" }).getByRole("link", { name: "List" }).click();
    await expect(page).toHaveURL(/\/popular\?view=list$/);
    await expect(page.locator(".poem-table thead th")).toHaveText(["#", "Title", "Author", "Year"]);
    await expect(page.locator(".poem-table tbody tr")).toHaveCount(48);
    await expect(page.locator(".poem-table tbody tr").first().locator("td").first()).toHaveText("1");
    const first = expectedOrder()[0]!;
    await expect(page.locator(".poem-table tbody tr").first().getByRole("link")).toHaveAttribute("href", `/poems/${first.id}`);
    await context.close();
  });

  test("has no serious accessibility violations", async ({ page }) => {
    await page.goto("/popular");
    await expectNoSeriousA11yViolations(page);
    await page.goto("/popular?view=list");
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe("in every theme mode", () => {
  for (const [mode, prefs] of Object.entries(THEME_MODES)) {
    test(`random, print and popular: no serious accessibility violations in ${mode}`, async ({ page, context }) => {
      // Four pages, each scanned by axe: slow on a loaded machine.
      test.setTimeout(90_000);
      await setPreferencesCookie(context, prefs);
      const poem = findCorpusPoem((p) => p.title === "To a Skylark", "To a Skylark");
      await page.addInitScript(() => {
        window.print = () => {};
      });
      for (const path of ["/poems/random", `/poems/${poem.id}/print`, "/popular", "/popular?view=list"]) {
        await page.goto(path);
        await expect(page.locator("html")).toHaveAttribute("data-theme", mode);
        await expectNoSeriousA11yViolations(page);
      }
    });
  }
});
