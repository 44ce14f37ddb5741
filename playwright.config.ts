import { defineConfig } from "@playwright/test";
import { E2E_PORT } from "./tests/e2e/support/state";

/**
 * End-to-end tests against the BUILT site (`npm run build` first; `npm test` does): tests/e2e/server.ts
 * prepares a throwaway database and a small corpus, then runs the real `poetry serve`, whose first-run
 * import loads it. Debian's Chromium is used; Playwright never downloads a browser here.
 */
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  // On CI a failed test runs once more, and one that then passes is reported as flaky (the list shows it and
  // tests/run-all.mjs prints the count) instead of failing a run for a browser timing it cannot control.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    trace: "retain-on-failure",
  },
  projects: [
    {
      name: "chromium",
      use: {
        browserName: "chromium",
        launchOptions: {
          executablePath: "/usr/bin/chromium",
          // The network is closed here: without the background/update/sync switches Chromium keeps
          // trying (and failing) to reach Google's hosts.
          args: [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-quic",
            "--no-first-run",
          ],
        },
      },
    },
  ],
  webServer: {
    command: "node_modules/.bin/tsx tests/e2e/server.ts",
    url: `http://127.0.0.1:${E2E_PORT}/api/health`,
    reuseExistingServer: false,
    // A build (when missing), migrations and the first-run import all happen before the health check answers.
    timeout: 10 * 60_000,
    stdout: "pipe",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
  },
});
