import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { findCorpusPoem } from "./support/corpus";
import { setPreferencesCookie, THEME_MODES } from "./support/preferences";

const poem = () => findCorpusPoem((p) => p.title === "To a Skylark", "Shelley's To a Skylark");

const pages = () => [
  ["home", "/"],
  ["about", "/about"],
  ["settings", "/settings"],
  ["poem", `/poems/${poem().id}`],
  ["not found", "/no/such/page"],
];

for (const [mode, prefs] of Object.entries(THEME_MODES)) {
  test.describe(`${mode} mode`, () => {
    test.beforeEach(async ({ context }) => {
      await setPreferencesCookie(context, prefs);
    });

    for (const [name, path] of pages()) {
      test(`${name}: rendered in ${mode} from the first byte, no serious accessibility violations`, async ({ page }) => {
        const response = await page.goto(path);
        const html = await response!.text();
        expect(html).toMatch(new RegExp(`<html[^>]*data-theme="${mode}"`));
        await expect(page.locator("html")).toHaveAttribute("data-theme", mode);
        // The tokens really differ per mode (the page is not just relabelled).
        const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
        expect(bg).toBe(EXPECTED_BACKGROUND[mode as keyof typeof EXPECTED_BACKGROUND]);
        await expectNoSeriousA11yViolations(page);
      });
    }
  });
}

test("the header's dropdowns and the settings controls pass in every mode", async ({ page, context }) => {
  // Every mode, every dropdown, each scanned by axe: slow on a loaded machine.
  test.setTimeout(90_000);
  for (const prefs of Object.values(THEME_MODES)) {
    await setPreferencesCookie(context, prefs);
    await page.goto("/settings");
    await expect(page.locator(".main-nav[data-enhanced]")).toHaveCount(1);
    await page.getByRole("button", { name: "Poems", exact: true }).click();
    await expectNoSeriousA11yViolations(page);
  }
});

const EXPECTED_BACKGROUND = {
  light: "rgb(247, 242, 231)",
  dark: "rgb(27, 25, 22)",
  "dark-midnight": "rgb(238, 242, 234)",
  "serene-glen": "rgb(17, 25, 21)",
};
