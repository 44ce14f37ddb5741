// What a page costs to download, as a built server sends it: for the page-weight system test and
// `npm run bench -- weight`.
import http from "node:http";
import { brotliCompressSync, gzipSync } from "node:zlib";

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body as it crossed the wire (still compressed). */
  bytes: number;
}

/** A GET whose body is counted, not decompressed (fetch would undo the Content-Encoding). */
export function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        let bytes = 0;
        res.on("data", (chunk: Buffer) => (bytes += chunk.length));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes }));
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

export interface PageAssets {
  /** Every script file the page loads before it is interactive: module scripts, modulepreloads, `import()`s. */
  scripts: string[];
  styles: string[];
  /** The page's inline scripts (React Router's route manifest and hydration data), in bytes. */
  inlineScript: string;
}

export function pageAssets(html: string): PageAssets {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const [, tag] of html.matchAll(/<link\b([^>]*)>/g)) {
    const href = /\bhref="([^"]+)"/.exec(tag)?.[1];
    if (!href) continue;
    if (/\brel="modulepreload"/.test(tag)) scripts.add(href);
    if (/\brel="stylesheet"/.test(tag)) styles.add(href);
  }
  let inlineScript = "";
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const src = /\bsrc="([^"]+)"/.exec(attributes)?.[1];
    if (src) scripts.add(src);
    if (/type="application\/(ld\+)?json"/.test(attributes)) continue;
    inlineScript += body;
    for (const [, module] of body.matchAll(/import\s*\(?\s*"(\/[^"]+\.js)"/g)) scripts.add(module);
  }
  return { scripts: [...scripts], styles: [...styles], inlineScript };
}

export interface AssetWeight {
  path: string;
  raw: number;
  br: number;
  gzip: number;
  cacheControl: string;
}

/** One asset's size as the server sends it to a browser taking br, one taking only gzip, and one taking neither. */
export async function assetWeight(base: string, path: string): Promise<AssetWeight> {
  const [br, gzip, raw] = await Promise.all(
    ["br, gzip", "gzip", "identity"].map((encoding) => rawGet(`${base}${path}`, { "accept-encoding": encoding })),
  );
  for (const answer of [br, gzip, raw]) if (answer.status !== 200) throw new Error(`${path}: status ${answer.status}`);
  return { path, raw: raw.bytes, br: br.bytes, gzip: gzip.bytes, cacheControl: String(br.headers["cache-control"]) };
}

export interface PageWeight {
  html: { br: number; gzip: number };
  scripts: AssetWeight[];
  styles: AssetWeight[];
  /** The inline scripts compressed on their own: their share of the compressed HTML, roughly. */
  inline: { raw: number; br: number; gzip: number };
  /** Compressed JavaScript in all: the script files as sent plus the inline scripts. */
  script: { br: number; gzip: number };
}

export async function pageWeight(base: string, path: string): Promise<PageWeight> {
  const page = await fetch(`${base}${path}`);
  if (page.status !== 200) throw new Error(`${path}: status ${page.status}`);
  const assets = pageAssets(await page.text());
  const [html, scripts, styles] = await Promise.all([
    Promise.all(["br, gzip", "gzip"].map((encoding) => rawGet(`${base}${path}`, { "accept-encoding": encoding }))),
    Promise.all(assets.scripts.map((p) => assetWeight(base, p))),
    Promise.all(assets.styles.map((p) => assetWeight(base, p))),
  ]);
  const inlineBytes = Buffer.from(assets.inlineScript);
  const inline = { raw: inlineBytes.length, br: brotliCompressSync(inlineBytes).length, gzip: gzipSync(inlineBytes).length };
  const sum = (list: AssetWeight[], key: "br" | "gzip") => list.reduce((total, a) => total + a[key], 0);
  return {
    html: { br: html[0].bytes, gzip: html[1].bytes },
    scripts,
    styles,
    inline,
    script: { br: sum(scripts, "br") + inline.br, gzip: sum(scripts, "gzip") + inline.gzip },
  };
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
