import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RETRY_AFTER_SECONDS, retryAfterOn503 } from "./retry-after.server";

describe("retryAfterOn503", () => {
  let server: Server;
  let base: string;

  beforeAll(async () => {
    const app = express();
    app.use(retryAfterOn503());
    app.get("/down", (_req, res) => void res.status(503).json({ error: "down" }));
    app.get("/raw", (_req, res) => void res.writeHead(503, { "Content-Type": "text/plain" }).end("down"));
    app.get("/own", (_req, res) => void res.status(503).set("Retry-After", "120").send("later"));
    app.get("/ok", (_req, res) => void res.send("fine"));
    app.get("/broken", (_req, res) => void res.status(500).send("bug"));
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it("adds Retry-After to a 503, however the status was set", async () => {
    for (const path of ["/down", "/raw"]) {
      const res = await fetch(`${base}${path}`);
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toBe(String(RETRY_AFTER_SECONDS));
    }
  });

  it("keeps a route's own Retry-After and leaves other statuses alone", async () => {
    expect((await fetch(`${base}/own`)).headers.get("retry-after")).toBe("120");
    expect((await fetch(`${base}/ok`)).headers.get("retry-after")).toBeNull();
    expect((await fetch(`${base}/broken`)).headers.get("retry-after")).toBeNull();
  });
});
