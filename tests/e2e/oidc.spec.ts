import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { OIDC_E2E } from "./support/oidc";
import { type RunningProvider, startTestProvider } from "./support/oidc-provider";

/**
 * OpenID Connect sign-in end to end: the built site (configured by tests/e2e/server.ts with this provider) and
 * a real oidc-provider on loopback, driven in Chromium through the provider's own login and consent pages.
 */

const unique = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
const LOGIN = `olive-${unique}`;
const ACCOUNT = { sub: `sub-${unique}`, email: `olive-${unique}@example.org`, given_name: "Olive", name: "Olive Openid" };

let provider: RunningProvider;

test.beforeAll(async () => {
  provider = await startTestProvider({
    issuer: OIDC_E2E.issuer,
    port: OIDC_E2E.port,
    clientId: OIDC_E2E.clientId,
    clientSecret: OIDC_E2E.clientSecret,
    redirectUri: OIDC_E2E.redirectUri,
    accounts: { [LOGIN]: ACCOUNT },
  });
});

test.afterAll(async () => {
  await provider?.close();
});

const header = (page: Page) => page.locator("header.site-header");

/** The provider's development pages: any password signs the login in, then consent. */
async function signInAtProvider(page: Page) {
  await page.waitForURL((url) => url.origin === OIDC_E2E.issuer);
  await page.locator('input[name="login"]').fill(LOGIN);
  await page.locator('input[name="password"]').fill("any password");
  await page.getByRole("button", { name: "Sign-in" }).click();
  // Consent is asked once per provider session.
  const consent = page.getByRole("button", { name: "Continue" });
  await expect(consent.or(page.locator("header.site-header"))).toBeVisible();
  if (await consent.isVisible()) await consent.click();
}

test("signs in through the provider from /login and lands signed in with the same session cookie", async ({ page, context }) => {
  await page.goto("/login?redirectTo=%2Fabout");
  const button = page.locator("main").getByRole("link", { name: `Sign in with ${OIDC_E2E.name}` });
  await expect(button).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await button.click();
  await signInAtProvider(page);

  await page.waitForURL((url) => url.pathname === "/about" && url.port === String(new URL(OIDC_E2E.redirectUri).port));
  await expect(header(page).getByRole("button", { name: "Olive" })).toBeVisible();
  const cookies = await context.cookies();
  const session = cookies.find((cookie) => cookie.name === "pc_session");
  expect(session?.httpOnly).toBe(true);
  expect(session?.sameSite).toBe("Lax");
  // The flow's one-time cookie is gone.
  expect(cookies.find((cookie) => cookie.name === "pc_oidc")).toBeUndefined();
  const profile = await page.request.get("/api/profile");
  expect(profile.status()).toBe(200);

  // A second sign-in of the same provider user finds the same account (matched by issuer and subject).
  // Both sites live on 127.0.0.1, so this also ends the provider's own session: the login comes again.
  const created = (await profile.json()).created_at;
  await context.clearCookies();
  await page.goto("/login");
  await page.locator("main").getByRole("link", { name: `Sign in with ${OIDC_E2E.name}` }).click();
  await signInAtProvider(page);
  await page.waitForURL((url) => url.pathname === "/");
  await expect(header(page).getByRole("button", { name: "Olive" })).toBeVisible();
  expect((await (await page.request.get("/api/profile")).json()).created_at).toBe(created);
});

test("the Sign In dialog offers the provider too", async ({ page }) => {
  await page.goto("/about");
  await header(page).getByRole("button", { name: "Sign In" }).click();
  const dialog = page.getByRole("dialog", { name: "Sign In" });
  await expect(dialog.getByRole("link", { name: `Sign in with ${OIDC_E2E.name}` })).toHaveAttribute(
    "href",
    "/auth/oidc?redirectTo=%2Fabout",
  );
});

test("a callback without the flow's cookie, or with a wrong state, is a clear error page (400), not a 500", async ({ page }) => {
  const missing = await page.goto("/auth/oidc/callback?code=abc&state=made-up");
  expect(missing?.status()).toBe(400);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign-in failed");
  await expect(page.getByRole("alert")).toContainText("expired or was opened in another browser");
  await expectNoSeriousA11yViolations(page);

  // Start a real flow (the cookie is set), then come back with another state.
  await page.goto("/auth/oidc");
  await page.waitForURL((url) => url.origin === OIDC_E2E.issuer);
  const wrong = await page.goto("/auth/oidc/callback?code=abc&state=not-the-one-sent");
  expect(wrong?.status()).toBe(400);
  await expect(page.getByRole("alert")).toContainText("does not belong to the sign-in you started");
  // The one-time flow cookie is cleared by the refusal.
  expect((await page.context().cookies()).find((cookie) => cookie.name === "pc_oidc")).toBeUndefined();
  await expect(header(page).getByRole("button", { name: "Sign In" })).toBeVisible();
});

test("an ID token altered on its way is rejected and nobody is signed in", async ({ page }) => {
  provider.tamper.idToken = true;
  try {
    await page.goto("/auth/oidc");
    await signInAtProvider(page);
    await page.waitForURL((url) => url.pathname === "/auth/oidc/callback");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign-in failed");
    await expect(page.getByRole("alert")).toContainText("signature is not valid");
    expect((await page.request.get("/api/profile")).status()).toBe(401);
  } finally {
    provider.tamper.idToken = false;
  }
});
