import http from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compressionDrainListeners } from "./compression-drain.server";
import { compressJsonInOneStep, ONE_STEP_MAX_BYTES } from "./json-compression.server";

let server: http.Server;
let port: number;
/** What a later middleware wrapping write/end (as the response cache's capture does) saw, by path. */
const captured = new Map<string, { bytes: number; ended: boolean }>();

const json = (bytes: number) => JSON.stringify({ text: "love ".repeat(Math.ceil(bytes / 5)).slice(0, bytes) });
const SMALL = json(3_000);
const TINY = json(200);
const LARGE = json(ONE_STEP_MAX_BYTES * 3);
const HTML = `<p>${"love ".repeat(1000)}</p>`;

beforeAll(async () => {
  const app = express();
  // The order of web-server.server.ts.
  app.use(compression());
  app.use(compressionDrainListeners());
  app.use(compressJsonInOneStep());
  app.use((req, res, next) => {
    const seen = { bytes: 0, ended: false };
    captured.set(req.path, seen);
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => express.Response;
    res.write = ((chunk: string, ...rest: unknown[]) => {
      seen.bytes += Buffer.byteLength(chunk);
      return write(chunk, ...rest);
    }) as express.Response["write"];
    res.end = ((...args: unknown[]) => {
      seen.ended = true;
      return end(...args);
    }) as express.Response["end"];
    next();
  });
  const send = (body: string, type: string, chunks = 1) => (_req: express.Request, res: express.Response) => {
    res.setHeader("Content-Type", type);
    const size = Math.ceil(body.length / chunks);
    // As React Router writes a body: chunk by chunk, then end().
    for (let at = 0; at < body.length; at += size) res.write(body.slice(at, at + size));
    res.end();
  };
  app.get("/small", send(SMALL, "application/json; charset=utf-8"));
  app.get("/small-in-chunks", send(SMALL, "application/json; charset=utf-8", 4));
  app.get("/tiny", send(TINY, "application/json; charset=utf-8"));
  app.get("/large", send(LARGE, "application/json; charset=utf-8", 8));
  app.get("/html", send(HTML, "text/html; charset=utf-8", 3));
  app.get("/no-transform", (_req, res) => {
    res.setHeader("Cache-Control", "public, no-transform");
    res.type("application/json").end(SMALL);
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => {
  server.close();
});

/** The raw answer: node's http client, which neither decompresses nor hides Content-Length. */
function get(path: string, acceptEncoding: string, method = "GET") {
  return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = http.request({ port, path, method, headers: { "accept-encoding": acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("JSON compressed in one step", () => {
  it("sends a JSON body as one brotli or gzip block with its length, however it was written", async () => {
    for (const path of ["/small", "/small-in-chunks"]) {
      const br = await get(path, "gzip, deflate, br");
      expect(br.headers["content-encoding"]).toBe("br");
      expect(Number(br.headers["content-length"])).toBe(br.body.length);
      expect(br.headers["transfer-encoding"]).toBeUndefined();
      expect(brotliDecompressSync(br.body).toString()).toBe(SMALL);
      expect(br.headers.vary).toMatch(/Accept-Encoding/i);

      const gzip = await get(path, "gzip");
      expect(gzip.headers["content-encoding"]).toBe("gzip");
      expect(Number(gzip.headers["content-length"])).toBe(gzip.body.length);
      expect(gunzipSync(gzip.body).toString()).toBe(SMALL);
    }
  });

  it("leaves the body as it is for a client that takes no compression, and for a tiny body", async () => {
    const plain = await get("/small", "identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(SMALL);
    const tiny = await get("/tiny", "br");
    expect(tiny.headers["content-encoding"]).toBeUndefined();
    expect(tiny.body.toString()).toBe(TINY);
  });

  it("hands a body larger than ONE_STEP_MAX_BYTES, and every non-JSON body, to the streaming compressor", async () => {
    const large = await get("/large", "br");
    expect(large.headers["content-encoding"]).toBe("br");
    // Streamed: no length known in advance.
    expect(large.headers["content-length"]).toBeUndefined();
    expect(brotliDecompressSync(large.body).toString()).toBe(LARGE);
    const html = await get("/html", "br");
    expect(html.headers["content-encoding"]).toBe("br");
    expect(html.headers["content-length"]).toBeUndefined();
    expect(brotliDecompressSync(html.body).toString()).toContain("<p>love");
  });

  it("stays under the middleware placed after it, which sees every chunk of every body", async () => {
    for (const [path, body] of [
      ["/html", HTML],
      ["/large", LARGE],
      ["/small-in-chunks", SMALL],
    ]) {
      await get(path, "br");
      expect(captured.get(path), path).toEqual({ bytes: Buffer.byteLength(body), ended: true });
    }
  });

  it("respects Cache-Control: no-transform and sends no body for HEAD", async () => {
    const kept = await get("/no-transform", "br");
    expect(kept.headers["content-encoding"]).toBeUndefined();
    expect(kept.body.toString()).toBe(SMALL);
    const head = await get("/small", "br", "HEAD");
    expect(head.body.length).toBe(0);
  });
});
