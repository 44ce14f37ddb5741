import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";

// Build-time half of precompressed-assets.server.ts, kept free of the app's modules: vite.config.ts loads it.

/**
 * Fingerprinted assets compressed once, at build time, at the strongest settings (brotli 11, gzip 9): per
 * request the compression middleware uses brotli 4, which makes the same JavaScript about a tenth larger and
 * costs CPU on every first download. Fonts (woff, woff2) are compressed already and are left alone.
 */
export const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|map|webmanifest)$/;

/** Writes `name.br` and `name.gz` beside every compressible file in `dir` (only where they are smaller). */
export function precompressDirectory(dir: string): void {
  for (const name of readdirSync(dir)) {
    if (!COMPRESSIBLE.test(name)) continue;
    const file = path.join(dir, name);
    const body = readFileSync(file);
    const br = brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } });
    const gz = gzipSync(body, { level: 9 });
    if (br.length < body.length) writeFileSync(`${file}.br`, br);
    if (gz.length < body.length) writeFileSync(`${file}.gz`, gz);
  }
}

/** The Vite plugin that runs `precompressDirectory` over the client build's assets. */
export function precompressAssets() {
  return {
    name: "poetry-precompress-assets",
    apply: "build" as const,
    applyToEnvironment: (environment: { name: string }) => environment.name === "client",
    writeBundle(options: { dir?: string }) {
      if (options.dir) precompressDirectory(path.join(options.dir, "assets"));
    },
  };
}
