import { readFile } from "node:fs/promises";
import { type Download, expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { setPreferencesCookie, THEME_MODES } from "./support/preferences";
import { type CorpusPoem, findCorpusPoem, textLines } from "./support/corpus";

const SITE = "Poetry Commons";
const SHELLEY = "Percy Bysshe Shelley";

const ozymandias = () =>
  findCorpusPoem((p) => p.author === SHELLEY && /^ozymandias/i.test(p.title), "Shelley's Ozymandias");
const skylark = () => findCorpusPoem((p) => p.author === SHELLEY && p.title === "To a Skylark", "To a Skylark");
const keats = () =>
  findCorpusPoem(
    (p) => p.author === "John Keats" && (p as CorpusPoem & { collection?: string }).collection === "Poems (1817)",
    "a poem of Keats's Poems (1817)",
  );
const frost = () => findCorpusPoem((p) => (p.flags ?? []).includes("pd_us_only"), "a pd_us_only poem");
const anonymous = () => findCorpusPoem((p) => p.author === "Anonymous", "an anonymous facjure poem");

const lines = (page: Page) => page.locator(".poem-text__line");

async function readDownload(download: Download): Promise<string> {
  const file = await download.path();
  return readFile(file!, "utf8");
}

test.describe("poem page", () => {
  test("shows title, linked author, year, favorite, share and the text line by line", async ({ page }) => {
    const poem = ozymandias();
    const response = await page.goto(`/poems/${poem.id}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(poem.title);
    const byline = page.locator(".poem__byline");
    await expect(byline).toHaveText(poem.year ? `By ${SHELLEY} (${poem.year})` : `By ${SHELLEY}`);
    await expect(byline.getByRole("link", { name: SHELLEY })).toHaveAttribute("href", "/authors/percy-bysshe-shelley");

    const favorite = page.getByRole("button", { name: "Favorite" });
    await expect(favorite).toBeDisabled();
    await expect(favorite).toHaveAttribute("title", /sign in/i);
    await expect(page.getByRole("button", { name: "Share" })).toHaveAttribute("aria-haspopup", "menu");

    expect(await lines(page).allTextContents()).toEqual(textLines(poem.content));
    // No <pre>: a stanza per block, a line per element.
    expect(await page.locator(".poem-text pre").count()).toBe(0);
    expect(await page.locator(".poem-text__stanza").count()).toBe(poem.content.split(/\n\s*\n/).length);
  });

  test("numbers each line as an anchor, and #L3 targets and highlights the third line", async ({ page }) => {
    const poem = skylark();
    const expected = textLines(poem.content);
    await page.goto(`/poems/${poem.id}#L3`);
    await expect(page.locator("#L3")).toHaveText(expected[2]!);
    await expect(page.locator(`#L${expected.length}`)).toHaveText(expected.at(-1)!);
    // Numbering runs on through the stanzas: the sixth line (second stanza) is L6.
    await expect(page.locator("#L6")).toHaveText(expected[5]!);
    expect(await page.evaluate(() => document.querySelector(":target")?.id)).toBe("L3");
    const background = (id: string) =>
      page.locator(`#${id}`).evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await background("L3")).not.toBe(await background("L2"));
    await expect(page.locator("#L3")).toBeInViewport();
  });

  test("keeps indentation and hangs a wrapped line past its start", async ({ page }) => {
    const poem = skylark();
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto(`/poems/${poem.id}`);
    const expected = textLines(poem.content);
    const deeper = expected.findIndex((l) => /^ {6,}\S/.test(l));
    const shallower = expected.findIndex((l) => /^ {1,5}\S/.test(l) || /^\S/.test(l));
    const startOf = (n: number) =>
      lines(page)
        .nth(n)
        .evaluate((el) => {
          const text = el.firstChild!;
          const at = text.textContent!.search(/\S/);
          const range = document.createRange();
          range.setStart(text, at);
          range.setEnd(text, at + 1);
          return range.getBoundingClientRect().left;
        });
    expect(await startOf(deeper)).toBeGreaterThan(await startOf(shallower));

    // Make one line long enough to wrap at this width: its second row starts right of its first.
    const rows = await lines(page)
      .nth(shallower)
      .evaluate((el) => {
        el.textContent = `${el.textContent} ${"and wraps again ".repeat(8)}`;
        const range = document.createRange();
        range.selectNodeContents(el);
        const lefts = [...range.getClientRects()].map((r) => Math.round(r.left));
        return [...new Set(lefts)];
      });
    expect(rows.length).toBeGreaterThan(1);
    expect(rows[1]!).toBeGreaterThan(rows[0]!);
  });

  test("scrolls long lines sideways in overflow mode 'scroll' and wraps them otherwise", async ({ page }) => {
    const poem = ozymandias();
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto(`/poems/${poem.id}`);
    const text = page.locator(".poem-text");
    const wraps = () => text.evaluate((el) => el.scrollWidth <= el.clientWidth + 1);
    expect(await wraps()).toBe(true);
    await page.evaluate(() => document.documentElement.setAttribute("data-overflow", "scroll"));
    await expect(lines(page).first()).toHaveCSS("white-space", "pre");
    expect(await wraps()).toBe(false);
    expect(await text.evaluate((el) => getComputedStyle(el).overflowX)).toBe("auto");
  });

  test("uses the reader's poem font and size", async ({ page }) => {
    await page.goto(`/poems/${ozymandias().id}`);
    await page.evaluate(() => document.documentElement.style.setProperty("--poem-font-size", "1.5rem"));
    await expect(page.locator(".poem-text")).toHaveCSS("font-size", "24px");
  });

  test("an unknown poem answers 404 'Poem not found'", async ({ page }) => {
    const response = await page.goto("/poems/no-such-poem-anywhere");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Poem not found" })).toBeVisible();
    await expect(page).toHaveTitle(`Poem not found | ${SITE}`);
  });

  test("is found by its slug too, with the slug as canonical address", async ({ page, request }) => {
    const poem = ozymandias();
    const html = await (await request.get(`/poems/${poem.id}`)).text();
    const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
    expect(canonical).toMatch(/\/poems\/ozymandias[a-z0-9-]*-[0-9a-f]{6}$/);
    const slug = new URL(canonical!).pathname;
    const response = await page.goto(slug);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(poem.title);
  });
});

test.describe("poem metadata in the server HTML", () => {
  test("title, description, canonical, Open Graph article, Twitter card and JSON-LD", async ({ request }) => {
    const poem = skylark();
    const response = await request.get(`/poems/${poem.id}`);
    expect(response.status()).toBe(200);
    const html = await response.text();
    const meta = (attr: string, name: string) =>
      new RegExp(`<meta ${attr}="${name}" content="([^"]*)"`).exec(html)?.[1]?.replace(/&#x27;|&#39;/g, "'");

    expect(html).toContain(`<title>${poem.title} by ${SHELLEY} | ${SITE}</title>`);
    const description = meta("name", "description")!;
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description.length).toBeGreaterThan(100);
    expect(description.startsWith(textLines(poem.content)[0]!.trim())).toBe(true);
    expect(description).not.toContain("\n");
    const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
    expect(canonical).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/poems\/to-a-skylark-[0-9a-f]{6}$/);
    expect(meta("property", "og:type")).toBe("article");
    expect(meta("property", "og:title")).toBe(`${poem.title} by ${SHELLEY}`);
    expect(meta("property", "og:description")).toBe(description);
    expect(meta("property", "og:url")).toBe(canonical);
    expect(meta("property", "og:site_name")).toBe(SITE);
    expect(meta("property", "article:author")).toBe(SHELLEY);
    expect(meta("name", "twitter:card")).toBe("summary");

    const json = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
    expect(json).toBeTruthy();
    expect(json).not.toMatch(/[<>]/);
    const ld = JSON.parse(json!);
    expect(ld["@context"]).toBe("https://schema.org");
    expect(ld["@type"]).toBe("CreativeWork");
    expect(ld.genre).toBe("Poetry");
    expect(ld.name).toBe(poem.title);
    expect(ld.url).toBe(canonical);
    expect(ld.author).toMatchObject({ "@type": "Person", name: SHELLEY });
    expect(poem.content.length).toBeGreaterThan(500);
    expect(ld.text.length).toBe(500);
    expect(ld.text.startsWith(poem.content.trim().slice(0, 40))).toBe(true);
    if (poem.year) expect(ld.datePublished).toBe(String(poem.year));
  });
});

test.describe("provenance", () => {
  test("names the edition with a link to the collection, the source text and the public-domain basis", async ({ page }) => {
    const poem = keats();
    await page.goto(`/poems/${poem.id}`);
    const provenance = page.getByRole("complementary", { name: "About this text" });
    await expect(provenance.getByRole("link", { name: "Poems (1817)" })).toHaveAttribute("href", "/collections/poems-1817");
    await expect(provenance).toContainText("From Poems (1817).");
    await expect(provenance.getByRole("link", { name: "Project Gutenberg eBook #8209" })).toHaveAttribute(
      "href",
      "https://www.gutenberg.org/ebooks/8209",
    );
    await expect(provenance.getByRole("link", { name: "GITenberg/Poems-1817_8209" })).toHaveAttribute(
      "href",
      /^https:\/\/github\.com\/GITenberg\/Poems-1817_8209\/blob\/7f9a1fb3d6830f6e1aef81ceda5a2f653f520a5f\/8209\.txt$/,
    );
    await expect(provenance).toContainText("Public domain: first published before 1929");
    await expect(provenance).not.toContainText("public domain in the United States");
  });

  test("says a pd_us_only poem is public domain in the United States", async ({ page }) => {
    await page.goto(`/poems/${frost().id}`);
    const provenance = page.getByRole("complementary", { name: "About this text" });
    await expect(provenance).toContainText("This poem is in the public domain in the United States");
    await expect(provenance).toContainText("may still be protected by copyright in other countries");
    await expect(provenance.getByRole("link", { name: "A Boy's Will" })).toHaveAttribute("href", "/collections/a-boys-will");
  });

  test("credits the facjure transcription at its commit", async ({ page }) => {
    await page.goto(`/poems/${anonymous().id}`);
    const provenance = page.getByRole("complementary", { name: "About this text" });
    await expect(provenance.getByRole("link", { name: "facjure public-domain-poetry" })).toHaveAttribute(
      "href",
      /^https:\/\/github\.com\/facjure\/public-domain-poetry\/blob\/[0-9a-f]{40}\/poems\/.+\.txt$/,
    );
    await expect(provenance).toContainText("Facjure LLC");
  });
});

test.describe("share menu", () => {
  test("opens from the keyboard, moves with arrows and closes on Escape back to the button", async ({ page }) => {
    await page.goto(`/poems/${ozymandias().id}`);
    const trigger = page.getByRole("button", { name: "Share" });
    const menu = page.getByRole("menu", { name: "Share this poem" });
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
    await trigger.focus();
    await page.keyboard.press("Enter");
    await expect(menu).toBeVisible();
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    const items = menu.getByRole("menuitem");
    await expect(items.first()).toBeFocused();
    await page.keyboard.press("End");
    await expect(menu.getByRole("menuitem", { name: "Print" })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(items.first()).toBeFocused();
    await page.keyboard.press("ArrowUp");
    await expect(menu.getByRole("menuitem", { name: "Print" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(trigger).toBeFocused();
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
    // Arrow down on the closed button opens it too.
    await page.keyboard.press("ArrowDown");
    await expect(menu).toBeVisible();
  });

  test("closes on a click outside", async ({ page }) => {
    await page.goto(`/poems/${ozymandias().id}`);
    await page.getByRole("button", { name: "Share" }).click();
    const menu = page.getByRole("menu", { name: "Share this poem" });
    await expect(menu).toBeVisible();
    await page.locator(".poem-text").click();
    await expect(menu).toBeHidden();
  });

  test("offers native sharing only where the device has it, with the spec's title and excerpt", async ({ page }) => {
    await page.addInitScript(() => {
      // biome-ignore lint/suspicious/noExplicitAny: test stub
      (navigator as any).share = async (data: ShareData) => {
        (window as unknown as { shared: ShareData }).shared = data;
      };
    });
    const poem = ozymandias();
    await page.goto(`/poems/${poem.id}`);
    await page.getByRole("button", { name: "Share" }).click();
    const menu = page.getByRole("menu", { name: "Share this poem" });
    await menu.getByRole("menuitem", { name: "Share", exact: true }).click();
    await expect(menu).toBeHidden();
    const shared = await page.evaluate(() => (window as unknown as { shared: ShareData }).shared);
    expect(shared.title).toBe(`${poem.title} — ${SHELLEY}`);
    expect(shared.url).toMatch(/\/poems\/ozymandias/);
    expect(shared.text!.length).toBeLessThanOrEqual(160);
    expect(shared.text!.endsWith("…")).toBe(true);
    expect(shared.text!.startsWith("I met a traveller from an antique land")).toBe(true);
  });

  test("hides native sharing where it is missing", async ({ page }) => {
    await page.addInitScript(() => {
      // biome-ignore lint/suspicious/noExplicitAny: test stub
      delete (Navigator.prototype as any).share;
    });
    await page.goto(`/poems/${ozymandias().id}`);
    await page.getByRole("button", { name: "Share" }).click();
    const menu = page.getByRole("menu", { name: "Share this poem" });
    await expect(menu.getByRole("menuitem")).toHaveText(["Download as text", "Print"]);
  });

  test("downloads the poem as a .txt named '{title} - {author}.txt', markers stripped", async ({ page }) => {
    const poem = skylark();
    await page.goto(`/poems/${poem.id}`);
    await page.getByRole("button", { name: "Share" }).click();
    const menu = page.getByRole("menu", { name: "Share this poem" });
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      menu.getByRole("menuitem", { name: "Download as text" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`To a Skylark - ${SHELLEY}.txt`);
    const text = await readDownload(download);
    expect(text.startsWith(`To a Skylark\nBy ${SHELLEY}\n`)).toBe(true);
    for (const line of textLines(poem.content)) expect(text).toContain(line);
    expect(text).toMatch(/From Poetry Commons: http:\/\/127\.0\.0\.1:\d+\/poems\/to-a-skylark-/);
    await expect(menu).toBeHidden();
  });

  test("Print opens the print page", async ({ page }) => {
    const poem = ozymandias();
    await page.addInitScript(() => {
      window.print = () => {};
    });
    await page.goto(`/poems/${poem.id}`);
    await page.getByRole("button", { name: "Share" }).click();
    await page.getByRole("menuitem", { name: "Print" }).click();
    await expect(page).toHaveURL(`/poems/${poem.id}/print`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(poem.title);
  });
});

test.describe("without JavaScript", () => {
  test("the poem, the share links and the text download all work", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const poem = frost();
    const response = await page.goto(`/poems/${poem.id}`);
    expect(response?.status()).toBe(200);
    expect(await lines(page).allTextContents()).toEqual(textLines(poem.content));
    // The share menu is a disclosure of plain links.
    await page.locator("summary", { hasText: "Share" }).click();
    await expect(page.getByRole("link", { name: "Print" })).toHaveAttribute("href", `/poems/${poem.id}/print`);
    const link = page.getByRole("link", { name: "Download as text" });
    await expect(link).toHaveAttribute("href", `/poems/${poem.id}/text`);
    const served = await page.request.get(`/poems/${poem.id}/text`);
    expect(served.headers()["content-type"]).toBe("text/plain; charset=utf-8");
    expect(served.headers()["content-disposition"]).toMatch(/^attachment; filename=/);
    expect((await page.request.get("/poems/no-such-poem/text")).status()).toBe(404);
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toBe(`${poem.title} - ${poem.author}.txt`.replace(/[\\/:*?"<>|]/g, " "));
    const text = await readDownload(download);
    expect(text).toContain(`By ${poem.author}`);
    expect(text).toContain(textLines(poem.content)[0]!);
    // The immersive toggle needs JavaScript, so it is not offered.
    await expect(page.getByRole("button", { name: "Immersive mode" })).toHaveCount(0);
    await context.close();
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test("immersive mode hides the chrome, and Escape brings it back", async ({ page }) => {
    await page.goto(`/poems/${ozymandias().id}`);
    const header = page.locator("header.site-header");
    await expect(header).toBeVisible();
    await page.getByRole("button", { name: "Immersive mode" }).click();
    await expect(header).toBeHidden();
    await expect(page.locator(".provenance")).toBeHidden();
    await expect(page.locator(".poem-text")).toBeVisible();
    await expect(page.getByRole("button", { name: "Exit immersive mode" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(header).toBeVisible();
    await expect(page.getByRole("button", { name: "Immersive mode" })).toBeVisible();
    // The button also toggles back.
    await page.getByRole("button", { name: "Immersive mode" }).click();
    await page.getByRole("button", { name: "Exit immersive mode" }).click();
    await expect(header).toBeVisible();
  });

  test("pinch zoom scales the poem text within 12–28 px", async ({ page }) => {
    await page.goto(`/poems/${ozymandias().id}`);
    const text = page.locator(".poem-text");
    const base = Number.parseFloat(await text.evaluate((el) => getComputedStyle(el).fontSize));
    const pinch = (from: number, to: number) =>
      text.evaluate(
        (el, [a, b]) => {
          const touch = (id: number, x: number) =>
            new Touch({ identifier: id, target: el, clientX: x, clientY: 200 });
          const fire = (type: string, spread: number) => {
            const touches = type === "touchend" ? [] : [touch(1, 150 - spread / 2), touch(2, 150 + spread / 2)];
            el.dispatchEvent(new TouchEvent(type, { touches, changedTouches: touches, bubbles: true, cancelable: true }));
          };
          fire("touchstart", a!);
          fire("touchmove", (a! + b!) / 2);
          fire("touchmove", b!);
          fire("touchend", b!);
        },
        [from, to],
      );
    const size = async () => Number.parseFloat(await text.evaluate((el) => getComputedStyle(el).fontSize));

    await pinch(100, 130);
    expect(await size()).toBeCloseTo(Math.min(28, base * 1.3), 0);
    await pinch(50, 1000); // far past the clamps
    expect(await size()).toBe(Math.min(28, base * 2));
    await pinch(1000, 10);
    expect(await size()).toBe(Math.max(12, base * 0.75));
  });

  test("the immersive toggle is not offered on wide screens", async ({ page }) => {
    await page.setViewportSize({ width: 1200, height: 800 });
    await page.goto(`/poems/${ozymandias().id}`);
    await expect(page.locator(".immersive-toggle")).toBeHidden();
  });
});

test.describe("accessibility", () => {
  test("the poem page, with its share menu open, has no serious violations", async ({ page }) => {
    await page.goto(`/poems/${skylark().id}#L2`);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("button", { name: "Share" }).click();
    await expect(page.getByRole("menu")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test("the not-found page has no serious violations", async ({ page }) => {
    await page.goto("/poems/no-such-poem-anywhere");
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe("in every theme mode", () => {
  for (const [mode, prefs] of Object.entries(THEME_MODES)) {
    test(`the poem page with its share menu open: no serious accessibility violations in ${mode}`, async ({ page, context }) => {
      await setPreferencesCookie(context, prefs);
      await page.goto(`/poems/${skylark().id}#L2`);
      await expect(page.locator("html")).toHaveAttribute("data-theme", mode);
      await page.getByRole("button", { name: "Share" }).click();
      await expect(page.getByRole("menu")).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  }
});
