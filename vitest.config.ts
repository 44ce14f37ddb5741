import path from "node:path";
import { defineConfig } from "vitest/config";

// Separate from vite.config.ts so the React Router plugin is not loaded for tests.
export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.ts", "app/**/*.test.tsx", "pipeline/**/*.test.ts", "cli/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 600_000,
          // Each file gets a fresh database; keep workers few so PGlite's WASM memory stays bounded.
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          // Built-server processes (and nginx) over PostgreSQL: run by tests/run-all.mjs after the build.
          name: "system",
          include: ["tests/system/**/*.test.ts"],
          environment: "node",
          testTimeout: 300_000,
          hookTimeout: 600_000,
          // One file at a time: each starts its own server processes on fixed ports.
          fileParallelism: false,
        },
      },
    ],
  },
});
