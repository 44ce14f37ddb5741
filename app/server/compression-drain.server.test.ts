import http from "node:http";
import type { AddressInfo } from "node:net";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compressionDrainListeners } from "./compression-drain.server";

let server: http.Server;
let base: string;
const warnings: string[] = [];
const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);

beforeAll(async () => {
  const app = express();
  app.use(compression({ threshold: 0 }));
  app.use(compressionDrainListeners());
  app.get("/", (_req, res) => {
    res.setHeader("Content-Type", "text/html");
    res.write("<p>start</p>");
    // What React Router does on each chunk that meets backpressure: wait once for "drain", then stop waiting.
    let fired = 0;
    for (let i = 0; i < 30; i++) {
      const onDrain = () => fired++;
      res.once("drain", onDrain);
      res.off("drain", onDrain);
    }
    res.once("drain", () => fired++);
    res.end(`<p>${res.listenerCount("drain")} ${fired}</p>`);
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.on("warning", onWarning);
});
afterAll(() => {
  process.off("warning", onWarning);
  server.close();
});

describe("compression drain listeners", () => {
  it("lets a response remove the drain listeners it added, compressed or not", async () => {
    for (const encoding of ["br", "gzip", "identity"]) {
      const res = await fetch(base, { headers: { "accept-encoding": encoding } });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain("<p>start</p>");
    }
    await new Promise((r) => setImmediate(r));
    expect(warnings.filter((w) => w.startsWith("MaxListenersExceededWarning"))).toEqual([]);
  });
});
