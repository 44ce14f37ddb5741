import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { clientErrorResponder } from "./error-response.server";
import { unroutable } from "./unroutable.server";

const page = { siteName: "Poetry Commons", stylesheets: ["/assets/root.css"] };
let open: http.Server | undefined;
afterEach(() => {
  open?.closeAllConnections();
  open?.close();
  open = undefined;
});

/** The app's express layers in front of a handler that answers "routed" for whatever gets through. */
async function serve() {
  const app = express();
  app.use(unroutable(page));
  app.use((_req, res) => res.send("routed"));
  const server = http.createServer(app);
  server.on("clientError", clientErrorResponder(page));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  open = server;
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function get(url: string, init?: RequestInit) {
  const response = await fetch(url, init);
  return { status: response.status, type: response.headers.get("Content-Type"), text: await response.text() };
}

describe("clientErrorResponder", () => {
  // The fuzzer's shrunk counterexample: GET /api/authors/%?<script>…</script>=x×17000 got Node's bare 431 with
  // no body, neither the API's JSON error nor a page.
  it("answers an address over the header limit with a JSON 431 under /api and the error page elsewhere", async () => {
    const url = await serve();
    const long = "x".repeat(20_000);
    const api = await get(`${url}/api/authors/a?q=${long}`);
    expect(api).toMatchObject({ status: 431, type: "application/json; charset=utf-8" });
    expect(JSON.parse(api.text).error).toMatch(/larger than the limit of 16 KB/);
    const html = await get(`${url}/poems/${long}?q=%3Cscript%3E`);
    expect(html).toMatchObject({ status: 431, type: "text/html; charset=utf-8" });
    expect(html.text).toContain('class="error-view"');
    expect(html.text).toContain("larger than the limit of 16 KB");
  });
});

describe("unroutable", () => {
  // The fuzzer's shrunk counterexample: GET /api/nothing-here/%0A/a%20b matched no route, not even api/*, and
  // got React Router's HTML 404.
  it("answers a path holding an encoded line break with the app's 404, JSON under /api", async () => {
    const url = await serve();
    const api = await get(`${url}/api/nothing-here/%0A/a%20b`);
    expect(api.status).toBe(404);
    expect(JSON.parse(api.text)).toEqual({ error: "Nothing is published at this address." });
    for (const path of ["/poems/a%0Db", "/authors/%E2%80%A8"]) {
      const html = await get(`${url}${path}`);
      expect(html).toMatchObject({ status: 404, type: "text/html; charset=utf-8" });
      expect(html.text).toContain('class="error-view"');
    }
    expect((await get(`${url}/poems/a%20b`)).text).toBe("routed");
  });

  // The fuzzer's shrunk counterexample: POST /api/docs got React Router's HTML 405.
  it("answers other methods than GET and HEAD on /api/docs with the API's JSON 405", async () => {
    const url = await serve();
    const answer = await fetch(`${url}/api/docs`, { method: "POST", body: "{}" });
    expect(answer.status).toBe(405);
    expect(answer.headers.get("Allow")).toBe("GET, HEAD");
    expect((await answer.json()).error).toMatch(/answers GET and HEAD only/);
    expect((await get(`${url}/api/docs`)).text).toBe("routed");
  });
});
