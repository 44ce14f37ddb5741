import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { closeGracefully } from "./web-server.server";

/** A server whose responses take `delayMs`, so a request can be in flight when shutdown starts. */
async function slowServer(delayMs: number) {
  const server = http.createServer((_req, res) => {
    setTimeout(() => res.end("done"), delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return { server, url };
}

let open: http.Server | undefined;
afterEach(() => {
  open?.closeAllConnections();
  open?.close();
  open = undefined;
});

describe("closeGracefully", () => {
  it("lets a request in flight finish, then refuses new connections", async () => {
    const { server, url } = await slowServer(300);
    open = server;
    const inFlight = fetch(url).then((r) => r.text());
    await new Promise((r) => setTimeout(r, 50)); // the request has reached the server

    const closed = closeGracefully(server, 5_000);
    expect(await inFlight).toBe("done");
    expect(await closed).toEqual({ forced: false });
    await expect(fetch(url)).rejects.toThrow();
  });

  it("closes idle keep-alive connections instead of waiting for them", async () => {
    const { server, url } = await slowServer(0);
    open = server;
    const agent = new http.Agent({ keepAlive: true });
    await new Promise<void>((resolve) => http.get(url, { agent }, (res) => res.resume().on("end", resolve)));
    const started = Date.now();
    expect(await closeGracefully(server, 5_000)).toEqual({ forced: false });
    expect(Date.now() - started).toBeLessThan(1_000);
    agent.destroy();
  });

  it("drops requests that outlive the grace period", async () => {
    const { server, url } = await slowServer(10_000);
    open = server;
    const inFlight = fetch(url).then(
      () => "answered",
      () => "dropped",
    );
    await new Promise((r) => setTimeout(r, 50));
    const started = Date.now();
    expect(await closeGracefully(server, 200)).toEqual({ forced: true });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await inFlight).toBe("dropped");
  });
});
