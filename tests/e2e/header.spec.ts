import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { preferencesCookie } from "./support/preferences";

const GROUPS: [string, [string, string][]][] = [
  ["Poems", [["Explore", "/poems"], ["Popular", "/popular"], ["Tools", "/word-frequency"]]],
  ["Poets", [["Explore", "/authors"], ["Collections", "/collections"]]],
  ["Project", [["About", "/about"], ["Contact", "/contact"]]],
];

const nav = (page: Page) => page.getByRole("navigation", { name: "Main" });
const trigger = (page: Page, group: string) => nav(page).getByRole("button", { name: group, exact: true });
const firstLink = (page: Page, group: string) => {
  const [, links] = GROUPS.find(([g]) => g === group)!;
  return nav(page)
    .locator("li.main-nav__group", { has: page.getByRole("button", { name: group, exact: true }) })
    .getByRole("link", { name: links[0][0], exact: true });
};

/** Waits until React has taken over the header (the nav is marked once hydrated). */
async function hydrated(page: Page) {
  await expect(page.locator(".main-nav[data-enhanced]")).toHaveCount(1);
}

test.describe("desktop dropdowns", () => {
  test("each group holds the spec's links, behind a button with aria-expanded and aria-controls", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    for (const [group, links] of GROUPS) {
      const button = trigger(page, group);
      await expect(button).toHaveAttribute("aria-expanded", "false");
      const controls = await button.getAttribute("aria-controls");
      expect(controls).toBeTruthy();
      await expect(page.locator(`#${controls}`)).toBeHidden();
      await button.click();
      await expect(button).toHaveAttribute("aria-expanded", "true");
      for (const [label, href] of links) {
        await expect(page.locator(`#${controls}`).getByRole("link", { name: label, exact: true })).toHaveAttribute("href", href);
      }
    }
  });

  test("open on hover, stay open inside the 300 ms grace and close after it", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const link = firstLink(page, "Poems");
    await trigger(page, "Poems").hover();
    await expect(link).toBeVisible();
    await expect(trigger(page, "Poems")).toHaveAttribute("aria-expanded", "true");

    // Crossing the gap between the button and the panel must not close it.
    await nav(page).getByRole("link", { name: "Popular" }).hover();
    await page.waitForTimeout(450);
    await expect(link).toBeVisible({ timeout: 1 });

    // Leave: it closes about 300 ms later. Timed inside the page, so a slow test runner cannot skew it.
    await page.evaluate(() => {
      const w = window as unknown as { __menu: { left?: number; closed?: number } };
      w.__menu = {};
      const group = document.querySelector("#nav-menu-poems")!.parentElement!;
      group.addEventListener("pointerleave", () => (w.__menu.left ??= performance.now()));
      new MutationObserver(() => {
        if (document.querySelector("#nav-menu-poems")!.hasAttribute("hidden")) w.__menu.closed ??= performance.now();
      }).observe(group, { subtree: true, attributes: true });
    });
    await page.mouse.move(640, 600);
    await expect(link).toBeHidden();
    await expect(trigger(page, "Poems")).toHaveAttribute("aria-expanded", "false");
    const { left, closed } = await page.evaluate(() => (window as unknown as { __menu: { left: number; closed: number } }).__menu);
    expect(closed - left).toBeGreaterThanOrEqual(290);
    expect(closed - left).toBeLessThan(700);

    // Coming back within the grace period keeps it open.
    await trigger(page, "Poets").hover();
    await page.mouse.move(640, 600);
    await trigger(page, "Poets").hover();
    await page.waitForTimeout(450);
    await expect(firstLink(page, "Poets")).toBeVisible({ timeout: 1 });
  });

  test("open and close by keyboard: Enter, Space, ArrowDown, Escape returns focus", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const button = trigger(page, "Poems");
    await button.focus();
    await page.keyboard.press("Enter");
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await expect(firstLink(page, "Poems")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(button).toBeFocused();

    await page.keyboard.press("Space");
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Space");
    await expect(button).toHaveAttribute("aria-expanded", "false");

    // ArrowDown opens and lands on the first link; Tab walks the links; Escape from a link closes and returns.
    await page.keyboard.press("ArrowDown");
    await expect(firstLink(page, "Poems")).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(nav(page).getByRole("link", { name: "Popular" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(nav(page).getByRole("link", { name: "Tools" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(button).toBeFocused();
    await expect(firstLink(page, "Poems")).toBeHidden();

    // Enter on a link follows it.
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    await expect(nav(page).getByRole("link", { name: "Explore" }).first()).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/poems$/);
    await expect(button).toHaveAttribute("aria-expanded", "false");
  });

  test("open and close by click; one menu at a time; a click outside closes", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await trigger(page, "Poets").click();
    await expect(firstLink(page, "Poets")).toBeVisible();
    // Still open well after the hover grace: a clicked menu is pinned.
    await page.waitForTimeout(500);
    await expect(firstLink(page, "Poets")).toBeVisible();
    await trigger(page, "Poets").click();
    await expect(firstLink(page, "Poets")).toBeHidden();

    await trigger(page, "Poets").click();
    await trigger(page, "Project").click();
    await expect(firstLink(page, "Project")).toBeVisible();
    await expect(firstLink(page, "Poets")).toBeHidden();

    await page.locator("main").click({ position: { x: 5, y: 5 } });
    await expect(firstLink(page, "Project")).toBeHidden();

    await trigger(page, "Project").click();
    await firstLink(page, "Project").click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("About");
  });

  test("without JavaScript every link is reachable by hover and by keyboard", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/");
    const link = firstLink(page, "Poets");
    await expect(link).toBeHidden();
    await trigger(page, "Poets").hover();
    await expect(link).toBeVisible();
    await page.mouse.move(640, 600);
    await expect(link).toBeHidden();

    await trigger(page, "Project").focus();
    await expect(firstLink(page, "Project")).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(firstLink(page, "Project")).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/about$/);
    await context.close();
  });
});

test.describe("search box", () => {
  test("expands when focused and submits a GET to /search", async ({ page }) => {
    await page.goto("/about");
    const form = page.locator("header").getByRole("search", { name: "Site search" });
    const input = form.getByLabel("Search poems and poets");
    const before = (await input.boundingBox())!.width;
    await input.click();
    await expect.poll(async () => (await input.boundingBox())!.width).toBeGreaterThan(before + 40);
    await input.fill("skylark");
    await input.press("Enter");
    await expect(page).toHaveURL(/\/search\?q=skylark$/);
  });
});

test.describe("light/dark toggle", () => {
  test("with JavaScript flips at once, without a page load, and is remembered", async ({ page, context }) => {
    await page.goto("/about");
    await hydrated(page);
    const html = page.locator("html");
    await expect(html).toHaveAttribute("data-theme", "light");
    const toggle = page.getByRole("button", { name: "Dark mode" });
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const lightBackground = await background();

    const documentRequests: string[] = [];
    page.on("request", (r) => {
      if (r.isNavigationRequest() || r.method() === "POST") documentRequests.push(`${r.method()} ${r.url()}`);
    });
    await toggle.click();
    await expect(html).toHaveAttribute("data-theme", "dark");
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    expect(await background()).not.toBe(lightBackground);
    expect(documentRequests).toEqual([]);
    expect((await preferencesCookie(context))?.isDark).toBe(true);

    await page.reload();
    await expect(html).toHaveAttribute("data-theme", "dark");
    await hydrated(page);
    await page.getByRole("button", { name: "Dark mode" }).click();
    await expect(html).toHaveAttribute("data-theme", "light");
    await page.reload();
    await expect(html).toHaveAttribute("data-theme", "light");
  });

  test("without JavaScript posts to /settings and comes back to the same page", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/about?from=test");
    await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
    const form = page.locator("form.theme-toggle");
    await expect(form).toHaveAttribute("method", "post");
    await expect(form).toHaveAttribute("action", "/settings");
    const posted = page.waitForRequest((r) => r.method() === "POST" && new URL(r.url()).pathname === "/settings");
    await page.getByRole("button", { name: "Dark mode" }).click();
    expect((await posted).postDataBuffer()?.toString()).toContain("intent=toggle-dark");
    await expect(page).toHaveURL(/\/about\?from=test$/);
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    await expect(page.getByRole("button", { name: "Dark mode" })).toHaveAttribute("aria-pressed", "true");

    await page.getByRole("button", { name: "Dark mode" }).click();
    await expect(page).toHaveURL(/\/about\?from=test$/);
    await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
    await context.close();
  });
});

test("Sign In opens the sign-in dialog (a link to /login without JavaScript) and the skip link targets the main content", async ({ page, browser }) => {
  await page.goto("/");
  await page.locator("header").getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("dialog", { name: "Sign In" })).toBeVisible();
  await page.keyboard.press("Escape");
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const plain = await noScript.newPage();
  await plain.goto(page.url());
  await expect(plain.locator("header").getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/login");
  await noScript.close();
  await expect(page.getByRole("link", { name: "Skip to content" })).toHaveAttribute("href", "#main");
});

test.describe("mobile (375 px)", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("swaps the desktop navigation for the Menu button and the mobile search bar", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await expect(page.getByRole("button", { name: "Dark mode" })).toBeHidden();
    await expect(page.getByRole("search", { name: "Site search" })).toBeHidden();
    await expect(page.getByRole("button", { name: "Menu", exact: true })).toBeVisible();
    await expect(page.getByRole("search", { name: "Mobile search" })).toBeVisible();
  });

  test("the slide-over menu takes focus, traps it, closes on Escape and gives focus back", async ({ page }) => {
    await page.goto("/about");
    await hydrated(page);
    const menuButton = page.getByRole("button", { name: "Menu", exact: true });
    await menuButton.click();
    const dialog = page.getByRole("dialog", { name: "Menu" });
    await expect(dialog).toBeVisible();
    await expect(menuButton).toHaveAttribute("aria-expanded", "true");
    await expect(dialog.getByRole("button", { name: "Close menu" })).toBeFocused();
    for (const [group, links] of GROUPS) {
      await expect(dialog.getByRole("heading", { name: group })).toBeVisible();
      for (const [label, href] of links) {
        await expect(
          dialog.getByRole("region", { name: group }).getByRole("link", { name: label, exact: true }),
        ).toHaveAttribute("href", href);
      }
    }

    // Tab and Shift+Tab never leave the dialog.
    const focusInside = () => page.evaluate(() => !!document.activeElement?.closest("#mobile-menu"));
    for (let i = 0; i < 14; i++) {
      await page.keyboard.press("Tab");
      expect(await focusInside()).toBe(true);
    }
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press("Shift+Tab");
      expect(await focusInside()).toBe(true);
    }

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(menuButton).toBeFocused();
    await expect(menuButton).toHaveAttribute("aria-expanded", "false");

    // A link inside navigates and closes the menu.
    await menuButton.click();
    await dialog.getByRole("link", { name: "Collections" }).click();
    await expect(page).toHaveURL(/\/collections$/);
    await expect(dialog).toBeHidden();
  });

  test("the menu opens and closes without JavaScript too", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 740 } });
    const page = await context.newPage();
    await page.goto("/");
    const dialog = page.getByRole("dialog", { name: "Menu" });
    await expect(dialog).toBeHidden();
    await page.getByRole("button", { name: "Menu", exact: true }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Close menu" }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole("button", { name: "Menu", exact: true }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await context.close();
  });

  test("the mobile search bar submits to /search", async ({ page }) => {
    await page.goto("/about");
    const search = page.getByRole("search", { name: "Mobile search" });
    await search.getByLabel("Search poems and poets").fill("ozymandias");
    await search.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/search\?q=ozymandias$/);
  });

  test("has no serious accessibility violations with the menu open", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await page.getByRole("button", { name: "Menu", exact: true }).click();
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});

test("the desktop header with a menu open has no serious accessibility violations", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  await trigger(page, "Poems").click();
  await expectNoSeriousA11yViolations(page);
});
