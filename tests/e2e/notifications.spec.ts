import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { e2ePoems } from "./support/corpus";

/**
 * Notification settings, the offline worker and its push handler, in Chromium. What cannot be run here:
 * headless Chromium has no reachable push service (Google's FCM), so PushManager.subscribe() fails and the
 * real enable path stops after permission; the server half of that path (subscribe, preferences, sends) is
 * proven in tests/integration. A push message is instead delivered straight to the worker through the
 * DevTools protocol (ServiceWorker.deliverPushMessage), which is what the push service's delivery triggers.
 */

const PASSWORD = "correct horse battery";
const uniqueEmail = () => `push-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.org`;
const section = (page: Page) => page.locator("section.notifications");
const toggle = (page: Page, name: string) => section(page).getByRole("checkbox", { name: new RegExp(`^${name}`) });
const enableSwitch = (page: Page) => section(page).getByRole("switch", { name: "Enable notifications" });

async function signUp(page: Page) {
  await page.goto("/login?mode=signup");
  await page.locator("main").getByLabel("First name").fill("Pia");
  await page.locator("main").getByLabel("Email").fill(uniqueEmail());
  await page.locator("main").getByLabel("Password").fill(PASSWORD);
  await page.locator("main").getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/$/);
}

async function workerReady(page: Page): Promise<{ scriptURL: string; scope: string }> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return { scriptURL: registration.active!.scriptURL, scope: registration.scope };
  });
}

async function controlled(page: Page) {
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

test("signed out, the switch asks the reader to sign in", async ({ page }) => {
  await page.goto("/settings");
  await expect(enableSwitch(page)).toBeEnabled();
  await enableSwitch(page).click();
  await expect(section(page).getByRole("alert")).toHaveText("Please sign in to enable notifications.");
  await expect(enableSwitch(page)).not.toBeChecked();
  await expect(section(page).getByLabel("Daily poem time")).toHaveCount(0);
});

test("permission refused: 'Notifications permission denied', nothing saved", async ({ page }) => {
  await signUp(page);
  await page.goto("/settings");
  await expect(toggle(page, "Daily poem")).toBeEnabled();
  // No grant in this context: headless Chromium answers the permission request with "denied".
  const puts: string[] = [];
  page.on("request", (r) => r.method() === "PUT" && puts.push(r.url()));
  await enableSwitch(page).click();
  await expect(section(page).getByRole("alert")).toHaveText("Notifications permission denied");
  await expect(enableSwitch(page)).not.toBeChecked();
  expect(puts).toEqual([]);
  const saved = await page.evaluate(() => fetch("/api/notifications/preferences").then((r) => r.json()));
  expect(saved.daily_poem).toBe(false);
});

test.describe("permission granted", () => {
  test.beforeEach(async ({ context }: { context: BrowserContext }) => {
    await context.grantPermissions(["notifications"]);
  });

  test("the settings flow: load, toggles, the daily time, switching off; and the spec's error messages", async ({ page }) => {
    await signUp(page);
    const loaded = page.waitForResponse((r) => r.url().endsWith("/api/notifications/preferences") && r.request().method() === "GET");
    await page.goto("/settings");
    expect((await loaded).status()).toBe(200);
    await expect(toggle(page, "Daily poem")).toBeEnabled();
    for (const name of ["Daily poem", "Weekly digest", "Author updates", "Product updates"]) await expect(toggle(page, name)).not.toBeChecked();
    await expect(enableSwitch(page)).not.toBeChecked();
    await expect(section(page).getByLabel("Daily poem time")).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    // Enabling: permission is granted, then subscribing needs a push service, which this Chromium cannot reach.
    const subscribed = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      const key = (await (await fetch("/api/notifications/public_key")).json()).vapidPublicKey as string;
      const bytes = Uint8Array.from(atob(key.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
      return registration.pushManager
        .subscribe({ userVisibleOnly: true, applicationServerKey: bytes })
        .then(() => "subscribed", (error: Error) => `${error.name}: ${error.message}`);
    });
    test.info().annotations.push({ type: "pushManager.subscribe in headless Chromium", description: subscribed });
    await enableSwitch(page).click();
    if (subscribed === "subscribed") {
      await expect(enableSwitch(page)).toBeChecked();
      await expect(toggle(page, "Daily poem")).toBeChecked();
    } else {
      await expect(section(page).getByRole("alert")).toHaveText("Failed to save preference");
      await expect(enableSwitch(page)).not.toBeChecked();
      // The reader's preferences as another browser of theirs (with a working push service) would set them.
      await page.evaluate(() =>
        fetch("/api/notifications/preferences", {
          method: "PUT",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ daily_poem: true, timezone: "Europe/London" }),
        }),
      );
      await page.reload();
    }

    // Daily poem on: the switch shows enabled and the time input appears, 08:00 by default.
    await expect(toggle(page, "Daily poem")).toBeChecked();
    await expect(enableSwitch(page)).toBeChecked();
    const time = section(page).getByLabel("Daily poem time");
    await expect(time).toHaveValue("08:00");
    await expect(page.getByTestId("next-daily-poem")).toContainText("Europe/London");

    // A new time is saved as minutes after midnight, with the browser's zone.
    const savedTime = page.waitForRequest((r) => r.method() === "PUT" && r.url().endsWith("/api/notifications/preferences"));
    await time.fill("07:15");
    const body = (await savedTime).postDataJSON();
    expect(body).toEqual({ daily_poem_time_minutes: 435, timezone: await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone) });
    await expect.poll(() => page.evaluate(() => fetch("/api/notifications/preferences").then((r) => r.json()).then((p) => p.daily_poem_time_minutes))).toBe(435);

    // Another toggle while enabled: one PUT of that preference alone.
    const savedToggle = page.waitForRequest((r) => r.method() === "PUT" && r.url().endsWith("/api/notifications/preferences"));
    await toggle(page, "Weekly digest").click();
    expect((await savedToggle).postDataJSON()).toEqual({ weekly_digest: true });
    await expect(toggle(page, "Weekly digest")).toBeChecked();

    // The server refusing: the spec's messages, and the screen keeps the saved state.
    await page.route("**/api/notifications/preferences", (route) =>
      route.request().method() === "PUT" ? route.fulfill({ status: 500, contentType: "application/json", body: "{}" }) : route.fallback(),
    );
    await time.fill("09:30");
    await expect(section(page).getByRole("alert")).toHaveText("Failed to save schedule");
    await toggle(page, "Author updates").click();
    await expect(section(page).getByRole("alert")).toHaveText("Failed to save preference");
    await expect(toggle(page, "Author updates")).not.toBeChecked();
    await page.unroute("**/api/notifications/preferences");

    // Switching off turns all four off and hides the time.
    const off = page.waitForRequest((r) => r.method() === "PUT" && r.url().endsWith("/api/notifications/preferences"));
    await enableSwitch(page).click();
    expect((await off).postDataJSON()).toEqual({ daily_poem: false, weekly_digest: false, author_updates: false, product_updates: false });
    await expect(enableSwitch(page)).not.toBeChecked();
    await expect(section(page).getByLabel("Daily poem time")).toHaveCount(0);
    for (const name of ["Daily poem", "Weekly digest", "Author updates", "Product updates"]) await expect(toggle(page, name)).not.toBeChecked();

    // Loading failure.
    await page.route("**/api/notifications/preferences", (route) => route.fulfill({ status: 503, body: "down" }));
    await page.reload();
    await expect(section(page).getByRole("alert")).toHaveText("Unable to load preferences");
  });

  test("the worker shows a pushed daily poem as a notification that links to that day's page", async ({ page, context }) => {
    await page.goto("/settings");
    const worker = await workerReady(page);
    const origin = new URL(page.url()).origin;
    expect(worker).toEqual({ scriptURL: `${origin}/sw.js`, scope: `${origin}/` });

    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
        const mine = registrations.find((r: { scopeURL: string; isDeleted: boolean }) => r.scopeURL === `${origin}/` && !r.isDeleted);
        if (mine) resolve(mine.registrationId);
      });
    });
    await cdp.send("ServiceWorker.enable");
    const payload = { title: "Poem of the Day", body: "Ozymandias by Percy Bysshe Shelley", url: "/daily/2026/11/23", tag: "daily-2026-11-23" };
    const deliver = async () =>
      cdp.send("ServiceWorker.deliverPushMessage", { origin, registrationId: await registrationId, data: JSON.stringify(payload) });
    const shown = () =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return (await registration.getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, url: n.data?.url }));
      });
    const expected = [{ title: payload.title, body: payload.body, tag: payload.tag, url: payload.url }];

    // DevTools can drop a push it hands over while it is still starting the worker (seen once in ~10 CI runs:
    // nothing shown after 10 s), so the first message is sent again until it shows. Messages of one day share
    // a tag, so resending never adds a second notification, which the redelivery below checks.
    await expect
      .poll(
        async () => {
          await deliver();
          return shown();
        },
        { intervals: [1_000], timeout: 15_000 },
      )
      .toEqual(expected);
    // The same day's message again once it is shown (a redelivery after a crash): still one notification.
    await deliver();
    await expect.poll(shown).toEqual(expected);
  });
});

test("a visited poem stays readable offline; an unvisited one does not", async ({ page, context }) => {
  const [visited, unvisited] = e2ePoems().filter((p) => p.content.length > 40);
  await page.goto("/");
  await workerReady(page);
  await controlled(page);
  const sw = await page.request.get("/sw.js");
  expect(sw.headers()["content-type"]).toMatch(/javascript/);

  await page.goto(`/poems/${visited!.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(visited!.title.slice(0, 10));
  await context.setOffline(true);
  try {
    await page.goto(`/poems/${visited!.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(visited!.title.slice(0, 10));
    const firstLine = visited!.content.split("\n").find((line) => line.trim().length > 5 && !line.startsWith("---"))!.trim();
    await expect(page.locator("main")).toContainText(firstLine.replace(/[*_^~]/g, "").slice(0, 12));
    await expect(page.goto(`/poems/${unvisited!.id}`)).rejects.toThrow();
  } finally {
    await context.setOffline(false);
  }
});

test("a new worker waiting: 'A new version is available. Reload now?', and accepting reloads under it", async ({ page }) => {
  await page.goto("/about");
  await workerReady(page);
  await controlled(page);
  const dialog = page.waitForEvent("dialog");
  // A different script URL on the same scope is a new version of the worker, as a deploy of a changed sw.js is.
  await page.evaluate(() => navigator.serviceWorker.register("/sw.js?version=next", { scope: "/", updateViaCache: "none" }));
  const prompt = await dialog;
  expect(prompt.type()).toBe("confirm");
  expect(prompt.message()).toBe("A new version is available. Reload now?");
  // Reloaded, the page registers /sw.js again, which is a new version beside ?version=next, and may ask again
  // before the test ends: later prompts are declined (one left open while the context closes fails teardown).
  page.on("dialog", (later) => void later.dismiss().catch(() => {}));
  const reloaded = page.waitForEvent("load");
  // The page reloads the moment confirm() returns, which can close the DevTools session before it acknowledges
  // the answer; the reload and the new controller checked below are the proof it was accepted.
  await prompt.accept().catch((error: Error) => {
    if (!/session closed|target closed/i.test(error.message)) throw error;
  });
  await reloaded;
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js\?version=next$/);
});
