import { expect, type Page, test } from "@playwright/test";
import { FINAL_TAGLINE, quoteLine, TAGLINE_QUOTES } from "~/lib/home-tagline";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { e2ePoems } from "./support/corpus";

const total = () => new Set(e2ePoems().map((p) => p.id)).size;
const formatted = () => total().toLocaleString("en-US");

const utcDaily = (d = new Date()) => `/daily/${d.getUTCFullYear()}/${d.getUTCMonth() + 1}/${d.getUTCDate()}`;

/** Records every text the count and the tagline show, from the very first render, with timestamps. */
async function recordHero(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __hero: HeroSample[] };
    w.__hero = [];
    const sample = () => {
      const count = document.querySelector('[data-testid="poem-count"]')?.textContent ?? undefined;
      const tagline = document.querySelector('[data-testid="tagline-text"]')?.textContent ?? undefined;
      const phase = document.querySelector(".home__tagline")?.getAttribute("data-phase") ?? undefined;
      const cursor = document.querySelector(".home__tagline-cursor")?.hasAttribute("data-visible");
      const last = w.__hero[w.__hero.length - 1];
      if (!last || last.count !== count || last.tagline !== tagline || last.phase !== phase || last.cursor !== cursor) {
        w.__hero.push({ t: performance.now(), count, tagline, phase, cursor });
      }
    };
    new MutationObserver(sample).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  });
}

interface HeroSample {
  t: number;
  count?: string;
  tagline?: string;
  phase?: string;
  cursor?: boolean;
}

const heroLog = (page: Page) => page.evaluate(() => (window as unknown as { __hero: HeroSample[] }).__hero);

test.describe("without JavaScript", () => {
  test("the server HTML already shows the final count, the final tagline and working links", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const before = new Date();
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Welcome to Poetry Commons" })).toBeVisible();
    await expect(page.getByTestId("poem-count")).toHaveText(formatted());
    await expect(page.getByTestId("tagline-text")).toHaveText(FINAL_TAGLINE);
    await expect(page.locator(".home__tagline")).toHaveAttribute("data-phase", "done");
    await expect(page.getByText("Or try your luck...")).toBeVisible();

    // Daily: today's UTC date, month and day unpadded.
    const href = await page.getByRole("link", { name: "Daily" }).getAttribute("href");
    expect([utcDaily(before), utcDaily()]).toContain(href);
    expect(href).toMatch(/^\/daily\/\d{4}\/[1-9]\d?\/[1-9]\d?$/);

    // Random is a real link; Search is a GET form.
    await expect(page.getByRole("link", { name: "Random" })).toHaveAttribute("href", "/poems/random");
    const search = page.getByRole("search", { name: "Search the archive" });
    await search.getByRole("searchbox").fill("blake");
    await search.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/search\?q=blake$/);
    await context.close();
  });
});

test.describe("with JavaScript", () => {
  test("the count restarts at 0 and climbs to the total over about 2 s, easing out", async ({ page }) => {
    await recordHero(page);
    await page.goto("/");
    await expect(page.getByTestId("poem-count")).toHaveText(formatted());
    await page.waitForTimeout(2300);
    await expect(page.getByTestId("poem-count")).toHaveText(formatted());
    const counts = (await heroLog(page))
      .filter((e) => e.count !== undefined)
      .map((e) => ({ t: e.t, n: Number(e.count!.replace(/,/g, "")) }));
    // Server HTML: the final number; hydration: 0; then increasing to the total.
    expect(counts[0].n).toBe(total());
    const start = counts.findIndex((c) => c.n === 0);
    expect(start).toBeGreaterThan(0);
    // The log also has entries for tagline changes: keep each count once, up to the first time it ends.
    const end = counts.findIndex((c, i) => i > start && c.n === total());
    expect(end).toBeGreaterThan(start);
    const run = counts.slice(start, end + 1).filter((c, i, all) => i === 0 || c.n !== all[i - 1].n);
    for (let i = 1; i < run.length; i++) expect(run[i].n).toBeGreaterThanOrEqual(run[i - 1].n);
    expect(run.at(-1)!.n).toBe(total());
    expect(run.length).toBeGreaterThan(5);
    const duration = run.at(-1)!.t - run[0].t;
    // 2000 ms from the first frame; the DOM observer sees frames a little after they are painted.
    expect(duration).toBeGreaterThan(1500);
    expect(duration).toBeLessThan(3000);
    // Ease-out: half the time in, the count is already past 3/4 of the total.
    const half = run.find((c) => c.t - run[0].t >= duration / 2)!;
    expect(half.n).toBeGreaterThan(total() * 0.7);
  });

  test("the tagline types a quotation after 1.8 s, deletes it, types the fixed phrase and blinks out", async ({ page }) => {
    test.setTimeout(60_000);
    await recordHero(page);
    await page.goto("/");
    await expect(page.locator(".home__tagline")).toHaveAttribute("data-phase", "typing", { timeout: 5_000 });
    await expect(page.locator(".home__tagline")).toHaveAttribute("data-phase", "done", { timeout: 40_000 });
    await expect(page.getByTestId("tagline-text")).toHaveText(FINAL_TAGLINE);
    await expect(page.locator(".home__tagline-cursor")).not.toHaveAttribute("data-visible", "");

    const log = (await heroLog(page)).filter((e) => e.phase !== undefined);
    const phases = log.map((e) => e.phase).filter((p, i, all) => p !== all[i - 1]);
    expect(phases).toEqual(["done", "initial", "typing", "deleting", "final", "blinking", "done"]);

    const initial = log.find((e) => e.phase === "initial")!;
    const firstTyped = log.find((e) => e.phase === "typing" && (e.tagline ?? "").length > 0)!;
    expect(firstTyped.t - initial.t).toBeGreaterThanOrEqual(1750);
    expect(firstTyped.t - initial.t).toBeLessThan(2600);

    // The typed quotation is one of the fifteen, typed a character at a time.
    const longest = log.filter((e) => e.phase === "typing").at(-1)!.tagline!;
    expect(TAGLINE_QUOTES.map(quoteLine)).toContain(longest);
    const typedLengths = log.filter((e) => e.phase === "typing").map((e) => e.tagline!.length);
    expect(new Set(typedLengths).size).toBeGreaterThan(longest.length * 0.8);

    // Three blinks of about 800 ms: the cursor goes off three times after the fixed phrase is typed.
    const finalTyped = log.findIndex((e) => e.phase === "final" && e.tagline === FINAL_TAGLINE);
    const after = log.slice(finalTyped).filter((e) => e.phase === "blinking");
    const offs = after.filter((e, i) => e.cursor === false && (i === 0 || after[i - 1].cursor === true));
    expect(offs).toHaveLength(3);
    const cycle = (offs[2].t - offs[0].t) / 2;
    expect(cycle).toBeGreaterThan(700);
    expect(cycle).toBeLessThan(1000);
  });

  test("readers who prefer less motion get the final values with no animation", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await recordHero(page);
    await page.goto("/");
    await expect(page.locator(".main-nav[data-enhanced]")).toHaveCount(1);
    await page.waitForTimeout(2500);
    const log = await heroLog(page);
    expect(new Set(log.map((e) => e.count).filter(Boolean))).toEqual(new Set([formatted()]));
    expect(new Set(log.map((e) => e.tagline).filter((t) => t !== undefined))).toEqual(new Set([FINAL_TAGLINE]));
  });

  test("Daily links to the reader's own date", async ({ browser }) => {
    // Far east of UTC, so on most hours the local date differs from the server's UTC date.
    const context = await browser.newContext({ timezoneId: "Pacific/Kiritimati" });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page.locator(".main-nav[data-enhanced]")).toHaveCount(1);
    const local = await page.evaluate(() => {
      const d = new Date();
      return `/daily/${d.getFullYear()}/${d.getMonth() + 1}/${d.getDate()}`;
    });
    await expect(page.getByRole("link", { name: "Daily" })).toHaveAttribute("href", local);
    await context.close();
  });

  test("Random spins, then navigates to /poems/random after 1.2 s", async ({ page }) => {
    // Timed inside the page: from the click to the moment the router starts loading /poems/random.
    await page.addInitScript(() => {
      const w = window as unknown as { __random: { clicked?: number; fetched?: number } };
      w.__random = {};
      document.addEventListener("click", () => (w.__random.clicked ??= performance.now()), true);
      const fetch = window.fetch.bind(window);
      window.fetch = (input, init) => {
        const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
        if (url.includes("/poems/random.data")) w.__random.fetched ??= performance.now();
        return fetch(input, init);
      };
    });
    await page.goto("/");
    await expect(page.locator(".main-nav[data-enhanced]")).toHaveCount(1);
    const random = page.getByRole("link", { name: "Random" });
    await random.click();
    await expect(random).toHaveAttribute("data-spinning", "");
    await expect(random).toHaveAttribute("aria-busy", "true");
    expect(new URL(page.url()).pathname).toBe("/");
    await page.waitForURL((url) => url.pathname === "/poems/random", { timeout: 10_000 });
    const { clicked, fetched } = await page.evaluate(
      () => (window as unknown as { __random: { clicked: number; fetched: number } }).__random,
    );
    expect(fetched - clicked).toBeGreaterThanOrEqual(1190);
    expect(fetched - clicked).toBeLessThan(1700);
  });

  test("the search box can be folded away and brought back, and submits to /search", async ({ page }) => {
    await page.goto("/");
    const toggle = page.getByRole("button", { name: "Hide search box" });
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    const form = page.getByRole("search", { name: "Search the archive" });
    await toggle.click();
    await expect(form).toBeHidden();
    await expect(page.getByRole("button", { name: "Show search box" })).toHaveAttribute("aria-expanded", "false");
    await page.getByRole("button", { name: "Show search box" }).click();
    await expect(form).toBeVisible();
    // With JavaScript the box is the search dropdown's combobox (a plain searchbox without it).
    await form.getByRole("combobox").fill("keats");
    await form.getByRole("combobox").press("Enter");
    await expect(page).toHaveURL(/\/search\?q=keats$/);
  });

  test("has no serious accessibility violations", async ({ page }) => {
    await page.goto("/");
    await expectNoSeriousA11yViolations(page);
  });
});
