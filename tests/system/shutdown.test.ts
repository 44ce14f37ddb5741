import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppDatabase, type AppProcess, createAppDatabase, startAppProcess } from "../helpers/app-process";
import { smallCorpus } from "../helpers/corpus";

const PORT = 3732;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Whether a new TCP connection to the port is accepted. */
function connects(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/**
 * POST /settings (the dark-mode toggle, answered 200 with the page) whose form body arrives slowly, so the
 * request is still in flight for `ms`: the server cannot answer before it has read the whole body.
 */
function slowPost(port: number, ms: number): { sent: Promise<void>; answer: Promise<{ status: number; body: string }> } {
  const body = Buffer.from(`intent=toggle-dark&padding=${"x".repeat(100)}`);
  const req = http.request({
    host: "127.0.0.1",
    port,
    method: "POST",
    path: "/settings",
    agent: false,
    headers: {
      origin: `http://127.0.0.1:${port}`,
      "content-type": "application/x-www-form-urlencoded",
      "content-length": body.length,
    },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.once("response", (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (text += chunk));
      res.once("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
      res.once("error", reject);
    });
    req.once("error", reject);
  });
  const chunks = 10;
  const size = Math.ceil(body.length / chunks);
  const sent = (async () => {
    req.flushHeaders();
    for (let i = 0; i < chunks; i++) {
      req.write(body.subarray(i * size, (i + 1) * size));
      await sleep(ms / chunks);
    }
    req.end();
  })();
  return { sent, answer };
}

// SIGTERM drains: the server stops accepting connections at once, lets the request in flight finish, and exits 0.
describe("a built server receiving SIGTERM", () => {
  let database: AppDatabase;
  let app: AppProcess;

  beforeAll(async () => {
    database = await createAppDatabase(await smallCorpus(), { prefix: "poetry_shutdown" });
    app = await startAppProcess({ port: PORT, databaseUrl: database.url });
  });
  afterAll(async () => {
    await app?.stop("SIGKILL");
    await database?.drop();
  });

  it("finishes the request in flight, refuses new connections, and exits 0 within the grace period", async () => {
    const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
      app.child.once("exit", (code) => resolve({ code, at: Date.now() })),
    );
    const inFlight = slowPost(PORT, 3_000);
    await sleep(500);
    const signalledAt = Date.now();
    app.child.kill("SIGTERM");
    await sleep(300);
    expect(await connects(PORT), "a new connection was accepted after SIGTERM").toBe(false);
    expect(app.child.exitCode, "the process exited with a request in flight").toBeNull();

    await inFlight.sent;
    const answer = await inFlight.answer;
    expect(answer.status, answer.body.slice(0, 300)).toBe(200);
    expect(answer.body).toContain("</html>");

    const { code, at } = await exited;
    expect(code, app.output()).toBe(0);
    // SHUTDOWN_GRACE_MS is 10 s; the drain took about as long as the slow request.
    expect(at - signalledAt).toBeLessThan(10_000);
    expect(app.output()).toContain("Shut down cleanly.");
  });
});
