import { reactRouter } from "@react-router/dev/vite";
import path from "node:path";
import { defineConfig } from "vite";
import { precompressAssets } from "./app/server/precompress-build.server";

export default defineConfig({
  plugins: [reactRouter(), precompressAssets()],
  resolve: {
    alias: [
      { find: "~", replacement: path.resolve(import.meta.dirname, "app") },
      // zod without eval in the browser, for the Content-Security-Policy (see the file).
      { find: /^zod$/, replacement: path.resolve(import.meta.dirname, "app/lib/zod-without-eval.ts") },
    ],
  },
  // PGlite ships WASM and data files that must be loaded from node_modules at run time, not bundled.
  ssr: { external: ["@electric-sql/pglite", "pg", "kysely", "kysely-pglite-dialect"] },
  optimizeDeps: { exclude: ["@electric-sql/pglite"] },
});
