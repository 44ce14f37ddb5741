import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { renderPoemAudio } from "../../pipeline/daily-audio";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { e2ePoems, textLines } from "./support/corpus";
import { E2E_AUDIO_DIR } from "./support/state";

/**
 * The poem of the day. The e2e server's first run scheduled from 30 days ago to 30 days ahead (UTC); the
 * browser here runs in UTC too, so the reader's today is the server's.
 */

const pad = (n: number) => String(n).padStart(2, "0");

function utcDate(offsetDays = 0) {
  const d = new Date(Date.now() + offsetDays * 86_400_000);
  const year = d.getUTCFullYear();
  const month = d.getUTCMonth() + 1;
  const day = d.getUTCDate();
  return {
    path: `/daily/${year}/${month}/${day}`,
    api: `/api/daily/${year}/${pad(month)}/${pad(day)}`,
    iso: `${year}-${pad(month)}-${pad(day)}`,
    long: d.toLocaleDateString("en-US", { weekday: "long", year: "numeric", month: "long", day: "numeric", timeZone: "UTC" }),
  };
}

async function scheduled(page: Page, offsetDays: number) {
  const res = await page.request.get(utcDate(offsetDays).api);
  expect(res.status()).toBe(200);
  return (await res.json()) as { id: string; title: string; author: string; author_directory: string; year: number | null };
}

test.describe("daily poem", () => {
  test("/daily redirects to today's page: date, title, poet link, year, favorite, text; Next disabled", async ({ page }) => {
    const today = utcDate();
    const poem = await scheduled(page, 0);
    await page.goto("/daily");
    await expect(page).toHaveURL(today.path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(today.long);
    await expect(page.getByRole("heading", { level: 2, name: poem.title })).toBeVisible();
    await expect(page.getByRole("link", { name: poem.author })).toHaveAttribute("href", `/authors/${poem.author_directory}`);
    if (poem.year != null) await expect(page.locator(".poem__year")).toHaveText(` (${poem.year})`);
    await expect(page.getByRole("button", { name: "Favorite" })).toBeDisabled();
    const corpus = e2ePoems().find((p) => p.id === poem.id)!;
    expect(await page.locator(".poem-text__line").allTextContents()).toEqual(textLines(corpus.content));
    // Next is not a link on today; Previous is.
    await expect(page.getByRole("link", { name: /Next/ })).toHaveCount(0);
    await expect(page.locator(".daily__nav-link--disabled")).toHaveText("Next →");
    await expect(page.getByRole("link", { name: /Previous/ })).toHaveAttribute("href", utcDate(-1).path);
  });

  test("no recording for the day: a disabled 'No audio available' button", async ({ page }) => {
    await page.goto(utcDate().path);
    await expect(page.getByRole("button", { name: "No audio available" })).toBeDisabled();
    const missing = await page.request.get(`/audio/daily/${utcDate().iso}.mp3`);
    expect(missing.status()).toBe(404);
  });

  test("a generated recording plays with elapsed and total time and a visualiser, pauses, and goes back to 0 at the end", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    // Yesterday's poem, recorded by the pipeline `poetry audio` uses, into the e2e server's audio folder.
    const day = utcDate(-1);
    const poem = await scheduled(page, -1);
    const file = path.join(E2E_AUDIO_DIR, `${day.iso}.mp3`);
    const corpus = e2ePoems().find((p) => p.id === poem.id)!;
    await renderPoemAudio({ title: poem.title, author: poem.author, content: corpus.content }, file);
    try {
      const served = await page.request.get(`/audio/daily/${day.iso}.mp3`);
      expect(served.status()).toBe(200);
      expect(served.headers()["content-type"]).toBe("audio/mpeg");
      const ranged = await page.request.get(`/audio/daily/${day.iso}.mp3`, { headers: { Range: "bytes=0-9" } });
      expect(ranged.status()).toBe(206);
      expect((await ranged.body()).subarray(0, 3).toString("latin1")).toBe("ID3");

      await page.goto(day.path);
      await page.waitForFunction(() => (window as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules);
      const play = page.getByRole("button", { name: "Play the recording" });
      const time = page.locator(".daily-audio__time");
      await expect(page.locator("canvas.daily-audio__visualiser")).toBeAttached();
      // The total comes from the file's metadata: at least a few seconds for a poem read aloud.
      await expect(time).toHaveText(/^Elapsed 0:00 \/ total (?!0:00)\d+:\d\d$/);
      const total = (await time.textContent())!.replace(/.*total /, "");

      await play.click();
      const pause = page.getByRole("button", { name: "Pause the recording" });
      await expect(pause).toHaveAttribute("aria-pressed", "true");
      await expect(time).not.toHaveText(/Elapsed 0:00 /, { timeout: 5_000 });
      // The visualiser draws the analyser's spectrum while it plays.
      await expect
        .poll(() =>
          page.locator("canvas.daily-audio__visualiser").evaluate((c: HTMLCanvasElement) => {
            const data = c.getContext("2d")!.getImageData(0, 0, c.width, c.height).data;
            return data.some((v, i) => i % 4 === 3 && v > 0);
          }),
        )
        .toBe(true);

      await pause.click();
      await expect(play).toHaveAttribute("aria-pressed", "false");
      const paused = await time.textContent();
      await page.waitForTimeout(1_200);
      await expect(time).toHaveText(paused!);

      // Near the end, play on: at the end it is back at 0 with the total kept.
      await page.locator(".daily-audio audio").evaluate((a: HTMLAudioElement) => {
        a.currentTime = Math.max(0, a.duration - 1.5);
      });
      await play.click();
      await expect(play).toBeVisible({ timeout: 10_000 });
      await expect(time).toHaveText(`Elapsed 0:00 / total ${total}`);
      expect(await page.locator(".daily-audio audio").evaluate((a: HTMLAudioElement) => a.currentTime)).toBe(0);
      await expectNoSeriousA11yViolations(page);
    } finally {
      rmSync(file, { force: true });
    }
  });

  test("a recording that fails to load gives the disabled 'No audio available' button", async ({ page }) => {
    // The file exists when the page is rendered but is not audio: the browser's error ends in the fallback.
    const day = utcDate(-2);
    const file = path.join(E2E_AUDIO_DIR, `${day.iso}.mp3`);
    mkdirSync(E2E_AUDIO_DIR, { recursive: true });
    writeFileSync(file, "this is not an MP3 file");
    try {
      await page.goto(day.path);
      await expect(page.getByRole("button", { name: "No audio available" })).toBeDisabled();
      await expect(page.getByRole("button", { name: /Play/ })).toHaveCount(0);
    } finally {
      rmSync(file, { force: true });
    }
  });

  test("Previous and Next move a day at a time", async ({ page }) => {
    const yesterday = await scheduled(page, -1);
    await page.goto(utcDate().path);
    await page.getByRole("link", { name: /Previous/ }).click();
    await expect(page).toHaveURL(utcDate(-1).path);
    await expect(page.getByRole("heading", { level: 2, name: yesterday.title })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(utcDate(-1).long);
    await page.getByRole("link", { name: /Next/ }).click();
    await expect(page).toHaveURL(utcDate().path);
  });

  test("a future date redirects to today; Previous is disabled on the first scheduled day", async ({ page }) => {
    await page.goto(utcDate(3).path);
    await expect(page).toHaveURL(utcDate().path);
    await page.goto("/daily/2099/1/1");
    await expect(page).toHaveURL(utcDate().path);

    await page.goto(utcDate(-30).path);
    await expect(page.getByRole("heading", { level: 2 })).not.toHaveText("No poem scheduled for this date");
    await expect(page.getByRole("link", { name: /Previous/ })).toHaveCount(0);
    await expect(page.getByRole("link", { name: /Next/ })).toHaveAttribute("href", utcDate(-29).path);
  });

  test("a date with no poem says so, with a way home", async ({ page }) => {
    const response = await page.goto("/daily/2001/2/3");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "No poem scheduled for this date" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Saturday, February 3, 2001");
    await page.getByRole("link", { name: "Return home" }).click();
    await expect(page).toHaveURL("/");
    // An impossible date has no poem either.
    await page.goto("/daily/2026/2/30");
    await expect(page.getByRole("heading", { name: "No poem scheduled for this date" })).toBeVisible();
  });

  test("the archive lists every day so far, newest first, by month, linking to each day", async ({ page }) => {
    const today = await scheduled(page, 0);
    await page.goto("/archive");
    await expect(page.getByRole("heading", { level: 1, name: "Archive" })).toBeVisible();
    const days = page.locator(".archive__day");
    const first = days.first();
    await expect(first.locator(".archive__title")).toHaveText(today.title);
    await expect(first.locator(".archive__poet")).toHaveText(today.author);
    await expect(first.getByRole("link")).toHaveAttribute("href", utcDate().path);
    // Nothing after today.
    const dates = await page.locator(".archive__day time").evaluateAll((els) => els.map((e) => e.getAttribute("datetime")));
    expect(dates[0]).toBe(utcDate().iso);
    expect([...dates].sort().reverse()).toEqual(dates);

    // The older month (30 days ago is always in an earlier month than today, or the same one).
    const oldest = utcDate(-30);
    const monthParam = oldest.iso.slice(0, 7);
    await page.goto(`/archive?month=${monthParam}`);
    const oldDates = await page.locator(".archive__day time").evaluateAll((els) => els.map((e) => e.getAttribute("datetime")));
    expect(oldDates.at(-1)).toBe(oldest.iso);
    expect(oldDates.every((d) => d?.startsWith(monthParam))).toBe(true);
    await page.locator(".archive__day").last().getByRole("link").click();
    await expect(page).toHaveURL(oldest.path);
  });

  test("works without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/daily");
    await expect(page).toHaveURL(utcDate().path);
    await page.getByRole("link", { name: /Previous/ }).click();
    await expect(page).toHaveURL(utcDate(-1).path);
    await page.getByRole("link", { name: "Archive" }).first().click();
    await expect(page).toHaveURL("/archive");
    await expect(page.locator(".archive__day").first()).toBeVisible();
    await context.close();
  });

  test("no serious accessibility problems", async ({ page }) => {
    await page.goto(utcDate().path);
    await expectNoSeriousA11yViolations(page);
    await page.goto("/daily/2001/2/3");
    await expectNoSeriousA11yViolations(page);
    await page.goto("/archive");
    await expectNoSeriousA11yViolations(page);
  });
});
