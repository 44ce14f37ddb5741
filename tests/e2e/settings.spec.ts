import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { findCorpusPoem } from "./support/corpus";
import { preferencesCookie, setPreferencesCookie } from "./support/preferences";

const sample = (page: Page) => page.getByTestId("settings-sample");
const computed = (page: Page, property: "fontFamily" | "fontSize") =>
  sample(page)
    .locator(".settings__sample-line")
    .first()
    .evaluate((el, p) => getComputedStyle(el)[p], property);
const rootSize = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--poem-font-size").trim());

async function expectHtml(page: Page, attrs: { theme: string; font: string; overflow: string; size: string }) {
  const html = page.locator("html");
  await expect(html).toHaveAttribute("data-theme", attrs.theme);
  await expect(html).toHaveAttribute("data-font", attrs.font);
  await expect(html).toHaveAttribute("data-overflow", attrs.overflow);
  expect(await rootSize(page)).toBe(attrs.size);
}

const DEFAULTS = { theme: "light", font: "crimson", overflow: "wrap", size: "1.25rem" };

test("shows every reading setting with the defaults selected", async ({ page }) => {
  const response = await page.goto("/settings");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle("Settings | Poetry Commons");
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  await expect(page.getByText("Your settings are automatically saved")).toBeVisible();
  for (const section of ["Notifications", "Theme Style", "Poetry Font", "Font Size", "Overflow"]) {
    await expect(page.getByRole("heading", { level: 2, name: section })).toBeVisible();
  }
  await expect(page.getByText("Sign in to have a poem delivered every day at a time you choose.")).toBeVisible();
  await expect(page.getByRole("radio", { name: /Parchment/ })).toBeChecked();
  await expect(page.getByText("Classic light and dark")).toBeVisible();
  await expect(page.getByText("Glen and midnight")).toBeVisible();
  await expect(page.getByRole("radio", { name: "Crimson Text" })).toBeChecked();
  for (const font of ["Merriweather", "Inter", "Courier Prime"]) await expect(page.getByRole("radio", { name: font })).not.toBeChecked();
  await expect(page.getByRole("radio", { name: /^Wrap/ })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Dark mode" })).not.toBeChecked();
  const slider = page.getByRole("slider", { name: "Poem font size in rem" });
  await expect(slider).toHaveValue("1.25");
  await expect(slider).toHaveAttribute("min", "0.5");
  await expect(slider).toHaveAttribute("max", "1.5");
  await expect(slider).toHaveAttribute("step", "0.05");
  await expectHtml(page, DEFAULTS);
  expect(await computed(page, "fontFamily")).toMatch(/^"Crimson Text"/);
  expect(await computed(page, "fontSize")).toBe("20px");
  await expectNoSeriousA11yViolations(page);
});

test("with JavaScript each change applies at once, saves itself and survives a reload", async ({ page, context }) => {
  await page.goto("/settings");
  await expect(page.locator(".main-nav[data-enhanced]")).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Save settings" })).toHaveCount(0);
  const saved = () => expect(page.locator(".settings__status")).toHaveText("Settings saved.");

  await page.getByRole("radio", { name: "Merriweather" }).check();
  await expect(page.locator("html")).toHaveAttribute("data-font", "merriweather");
  expect(await computed(page, "fontFamily")).toMatch(/^Merriweather/);
  await saved();

  await page.getByRole("radio", { name: /Woodland/ }).check();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark-midnight");
  await page.getByRole("checkbox", { name: "Dark mode" }).check();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "serene-glen");
  await page.getByRole("radio", { name: /^Scroll/ }).check();
  await expect(page.locator("html")).toHaveAttribute("data-overflow", "scroll");

  // The slider previews while moving and saves on release (Playwright's fill sends input, then change).
  await page.getByRole("slider", { name: "Poem font size in rem" }).fill("0.8");
  await expect(page.locator("output")).toHaveText("0.80 rem");
  expect(await rootSize(page)).toBe("0.8rem");
  expect(await computed(page, "fontSize")).toBe("12.8px");
  await saved();
  expect(await preferencesCookie(context)).toEqual({
    themeStyle: "woodland",
    isDark: true,
    fontFamily: "merriweather",
    fontSize: 0.8,
    overflowMode: "scroll",
  });

  await page.reload();
  const after = { theme: "serene-glen", font: "merriweather", overflow: "scroll", size: "0.8rem" };
  await expectHtml(page, after);
  await expect(page.getByRole("radio", { name: "Merriweather" })).toBeChecked();
  await expect(page.getByRole("slider", { name: "Poem font size in rem" })).toHaveValue("0.8");
  expect(await computed(page, "fontFamily")).toMatch(/^Merriweather/);
  expect(await computed(page, "fontSize")).toBe("12.8px");

  // Everywhere else too, from the first byte of HTML.
  const poem = findCorpusPoem((p) => p.title === "To a Skylark", "Shelley's To a Skylark");
  const html = await (await page.request.get(`/poems/${poem.id}`)).text();
  expect(html).toMatch(/<html[^>]*data-theme="serene-glen"/);
  expect(html).toMatch(/<html[^>]*data-font="merriweather"/);
  expect(html).toMatch(/<html[^>]*style="--poem-font-size:0.8rem"/);
});

test("the fonts come from the site itself, fingerprinted", async ({ page }) => {
  const fonts: { url: string; status: number }[] = [];
  page.on("response", (r) => {
    if (/\.woff2?(\?|$)/.test(r.url())) fonts.push({ url: r.url(), status: r.status() });
  });
  // The settings page writes each font choice in its own face, so all four families load there.
  await setPreferencesCookie(page.context(), { fontFamily: "courier" });
  await page.goto("/settings");
  const loaded = await page.evaluate(async () => {
    await document.fonts.ready;
    return [...new Set([...document.fonts].filter((f) => f.status === "loaded").map((f) => f.family.replace(/"/g, "")))].sort();
  });
  expect(loaded).toEqual(["Courier Prime", "Crimson Text", "Inter", "Merriweather"]);
  expect(await computed(page, "fontFamily")).toMatch(/^"Courier Prime"/);
  expect(fonts.length).toBeGreaterThanOrEqual(4);
  for (const font of fonts) {
    const url = new URL(font.url);
    expect(url.origin).toBe(new URL(page.url()).origin);
    expect(url.pathname).toMatch(/^\/assets\/[\w-]+-[\w-]{8,}\.woff2?$/);
    expect(font.status).toBe(200);
  }
});

test("without JavaScript the form posts, redirects back and applies after reload", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/settings");
  await page.getByRole("radio", { name: "Courier Prime" }).check();
  await page.getByRole("radio", { name: /Woodland/ }).check();
  await page.getByRole("radio", { name: /^Scroll/ }).check();
  await page.getByRole("slider", { name: "Poem font size in rem" }).fill("1.5");
  // Nothing changes before the form is sent.
  await expect(page.locator("html")).toHaveAttribute("data-font", "crimson");
  const response = page.waitForResponse((r) => r.request().method() === "POST");
  await page.getByRole("button", { name: "Save settings" }).click();
  expect((await response).status()).toBe(303);
  await expect(page).toHaveURL(/\/settings\?saved=1$/);
  await expect(page.locator(".settings__status")).toHaveText("Settings saved.");
  const after = { theme: "dark-midnight", font: "courier", overflow: "scroll", size: "1.5rem" };
  await expectHtml(page, after);
  expect(await computed(page, "fontFamily")).toMatch(/^"Courier Prime"/);
  expect(await computed(page, "fontSize")).toBe("24px");

  // The unticked dark-mode box is sent as false; ticking it saves true.
  await page.getByRole("checkbox", { name: "Dark mode" }).check();
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "serene-glen");
  await page.getByRole("checkbox", { name: "Dark mode" }).uncheck();
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark-midnight");

  await page.goto("/about");
  await expectHtml(page, after);
  await context.close();
});

test.describe("invalid input", () => {
  test("a bad submission is a 400 naming each field, and nothing is stored", async ({ request }) => {
    const response = await request.post("/settings", {
      form: { intent: "save", themeStyle: "neon", fontFamily: "comic", fontSize: "3", overflowMode: "hidden" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(400);
    expect(response.headers()["set-cookie"]).toBeUndefined();
    const html = await response.text();
    for (const message of [
      "Theme style must be parchment or woodland",
      "Poetry font must be crimson, merriweather, inter or courier",
      "Font size must be a number from 0.5 to 1.5",
      "Overflow must be wrap or scroll",
    ]) {
      expect(html).toContain(message);
    }
  });

  test("an unknown intent is a 400 and an outside redirect is refused", async ({ request }) => {
    expect((await request.post("/settings", { form: { intent: "explode" }, maxRedirects: 0 })).status()).toBe(400);
    const response = await request.post("/settings", {
      form: { intent: "toggle-dark", redirectTo: "//evil.example/" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(200);
    expect(response.headers().location).toBeUndefined();
  });

  test("the cookie is Secure only behind HTTPS", async ({ request }) => {
    const plain = await request.post("/settings", { form: { intent: "toggle-dark", redirectTo: "/" }, maxRedirects: 0 });
    expect(plain.status()).toBe(303);
    expect(plain.headers().location).toBe("/");
    expect(plain.headers()["set-cookie"]).toMatch(/^reading_prefs=.*; Path=\/; Max-Age=31536000; SameSite=Lax$/);
    const https = await request.post("/settings", {
      form: { intent: "toggle-dark", redirectTo: "/" },
      headers: { "X-Forwarded-Proto": "https" },
      maxRedirects: 0,
    });
    expect(https.headers()["set-cookie"]).toMatch(/; Secure$/);
  });

  test("an invalid cookie falls back to the defaults, field by field", async ({ page, context }) => {
    await setPreferencesCookie(context, "%7Bnot-json");
    await page.goto("/settings");
    await expectHtml(page, DEFAULTS);

    await setPreferencesCookie(context, { themeStyle: "neon", isDark: "yes", fontFamily: "inter", fontSize: 9, overflowMode: "scroll" });
    await page.goto("/settings");
    await expectHtml(page, { theme: "light", font: "inter", overflow: "scroll", size: "1.25rem" });
    await expect(page.getByRole("radio", { name: "Inter" })).toBeChecked();
    expect(await computed(page, "fontSize")).toBe("20px");
  });
});
