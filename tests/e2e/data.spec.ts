import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/a11y";

test("/data offers the corpus and every collection as downloads that work", async ({ page, request }) => {
  test.setTimeout(120_000);
  const response = await page.goto("/data");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle("Open Data | Poetry Commons");
  await expect(page.getByRole("heading", { level: 1, name: "Open Data" })).toBeVisible();

  const corpus = page.getByRole("link", { name: "Download the corpus (JSON Lines, ZIP)" });
  await expect(corpus).toHaveAttribute("href", "/data/poetry-commons-corpus.zip");
  const zip = await request.get("/data/poetry-commons-corpus.zip");
  expect(zip.status()).toBe(200);
  expect(zip.headers()["content-type"]).toBe("application/zip");
  expect(zip.headers()["content-disposition"]).toBe('attachment; filename="poetry-commons-corpus.zip"');
  expect((await zip.body()).subarray(0, 2).toString()).toBe("PK");

  const books = page.getByRole("region", { name: "Collections as EPUB" }).getByRole("link");
  const hrefs = await books.evaluateAll((links) => links.map((a) => a.getAttribute("href")));
  // The e2e corpus slice holds five books (tests/helpers/corpus.ts).
  expect(hrefs).toHaveLength(5);
  for (const href of hrefs) {
    expect(href).toMatch(/^\/data\/epub\/[a-z0-9-]+\.epub$/);
    const epub = await request.get(href!);
    expect(epub.status(), href!).toBe(200);
    expect(epub.headers()["content-type"]).toBe("application/epub+zip");
    const body = await epub.body();
    expect(body.subarray(30, 38).toString()).toBe("mimetype");
  }
  await expect(page.getByRole("link", { name: /A Shropshire Lad/ })).toHaveAttribute("href", "/data/epub/a-shropshire-lad.epub");
  await expectNoSeriousA11yViolations(page);
});

test("/data works without JavaScript: sources, licences and a download by click", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, acceptDownloads: true });
  const page = await context.newPage();
  await page.goto("/data");
  const licences = page.getByRole("region", { name: "Sources and licences" });
  await expect(licences).toContainText("public domain in the United States");
  await expect(licences).toContainText("facjure / Priyatam Mudivarti");
  await expect(licences).toContainText("provided Zenup BSD-style license is retained");
  await licences.getByText("The Zenup BSD-style licence").click();
  await expect(licences.locator("pre")).toContainText("Copyright (c) 2014, Priyatam Mudivarti.");
  await expect(licences.getByRole("link", { name: "CC BY-SA 4.0" })).toHaveAttribute(
    "href",
    "https://creativecommons.org/licenses/by-sa/4.0/",
  );
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: /A Boy's Will/ }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("a-boys-will.epub");
  await context.close();
});

test("the About page links to /data", async ({ page }) => {
  await page.goto("/about");
  await page.getByRole("link", { name: "Open Data" }).click();
  await expect(page).toHaveURL(/\/data$/);
  await expect(page.getByRole("heading", { level: 1, name: "Open Data" })).toBeVisible();
});
