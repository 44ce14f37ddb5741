import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/a11y";

const SUCCESS = "Thank you! Your message has been sent successfully. We'll get back to you soon.";

const form = (page: Page) => page.getByRole("form", { name: "Contact form" });

test.describe("with JavaScript", () => {
  test("checks on submit, counts characters, shows 'Sending...' with everything disabled, then success for 8 s", async ({ page }) => {
    await page.clock.install();
    await page.goto("/contact");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Get in Touch");
    await expect(page.getByText("0/5000 characters")).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Whitespace only is empty; the browser-side check shows every message without a round trip.
    await page.getByLabel("Name").fill("   ");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(form(page).getByText("Name is required")).toBeVisible();
    await expect(form(page).getByText("Email is required")).toBeVisible();
    await expect(form(page).getByText("Message is required")).toBeVisible();
    await expect(page.getByLabel("Name")).toBeFocused();
    await expectNoSeriousA11yViolations(page);

    // Editing a field clears that field's error only.
    await page.getByLabel("Name").fill("Ada Lovelace");
    await expect(form(page).getByText("Name is required")).toBeHidden();
    await expect(form(page).getByText("Email is required")).toBeVisible();
    await page.getByLabel("Email").fill("ada@example.org");
    await page.getByLabel("Message").fill("Too short");
    await expect(page.getByText("9/5000 characters")).toBeVisible();
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(form(page).getByText("Message must be at least 10 characters")).toBeVisible();
    await page.getByLabel("Message").fill("Thank you for the Shelley poems.");
    await expect(page.getByText("32/5000 characters")).toBeVisible();

    // Hold the answer back a moment so the busy state can be seen.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/contact\.data/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("button", { name: "Send Message" }).click();
    const sending = page.getByRole("button", { name: "Sending..." });
    await expect(sending).toBeDisabled();
    await expect(page.getByText("Sending your message...")).toBeVisible();
    for (const label of ["Name", "Email", "Message"]) await expect(page.getByLabel(label)).toBeDisabled();
    release();

    await expect(page.getByText(SUCCESS)).toBeVisible();
    await expect(page.getByRole("button", { name: "Send Message" })).toBeEnabled();
    await expect(page.getByLabel("Message")).toHaveValue("");
    await expect(page.getByText("0/5000 characters")).toBeVisible();
    await page.clock.fastForward(7000);
    await expect(page.getByText(SUCCESS)).toBeVisible();
    await page.clock.fastForward(1500);
    await expect(page.getByText(SUCCESS)).toBeHidden();
  });

  test("the honeypot field is hidden from sight, screen readers and the Tab order", async ({ page }) => {
    await page.goto("/contact");
    const trap = page.locator('input[name="website"]');
    await expect(trap).toHaveAttribute("tabindex", "-1");
    await expect(trap).toHaveAttribute("autocomplete", "off");
    await expect(page.locator('[aria-hidden="true"]:has(input[name="website"])')).toHaveCount(1);
    // Its box is clipped to a single pixel, and Tab goes from the message straight to the button.
    const box = await page.locator('[aria-hidden="true"]:has(input[name="website"])').boundingBox();
    expect((box?.width ?? 0) * (box?.height ?? 0)).toBeLessThanOrEqual(1);
    await page.getByLabel("Message").focus();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Send Message" })).toBeFocused();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form posts to the page: errors by each field (400), then the success message", async ({ page }) => {
    await page.goto("/contact");
    await page.getByLabel("Name").fill("Grace");
    await page.getByLabel("Email").fill("grace-at-example");
    await page.getByLabel("Message").fill("        ");
    const [refused] = await Promise.all([
      page.waitForResponse((response) => response.url().endsWith("/contact") && response.request().method() === "POST"),
      page.getByRole("button", { name: "Send Message" }).click(),
    ]);
    expect(refused.status()).toBe(400);
    await expect(page.getByText("Please check your information and try again.")).toBeVisible();
    await expect(form(page).getByText("Please enter a valid email address")).toBeVisible();
    await expect(form(page).getByText("Message is required")).toBeVisible();
    await expect(page.getByLabel("Name")).toHaveValue("Grace");

    await page.getByLabel("Email").fill("grace@example.org");
    await page.getByLabel("Message").fill("A message sent without any JavaScript.");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText(SUCCESS)).toBeVisible();
  });
});
