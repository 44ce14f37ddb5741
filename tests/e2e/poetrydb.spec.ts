import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";

/**
 * /poetrydb over real HTTP from the built site, through the in-process response cache: what a PoetryDB
 * client sees when it only changes its base URL, including from a web page on another origin.
 */

test.describe("PoetryDB-compatible API", () => {
  test("a repeated query is served from the response cache and revalidates with its ETag", async ({ request }) => {
    const url = "/poetrydb/author,linecount/Housman;8-12/title,linecount";
    const first = await request.get(url);
    expect(first.status()).toBe(200);
    expect(first.headers()["content-type"]).toBe("application/json; charset=utf-8");
    expect(first.headers()["access-control-allow-origin"]).toBe("*");
    const poems = (await first.json()) as { title: string; linecount: string }[];
    expect(poems.length).toBeGreaterThan(0);
    for (const poem of poems) expect(Object.keys(poem)).toEqual(["title", "linecount"]);

    const second = await request.get(url);
    expect(second.headers()["x-cache"]).toBe("HIT");
    expect(await second.text()).toBe(await first.text());
    const revalidated = await request.get(url, { headers: { "If-None-Match": second.headers()["etag"]! } });
    expect(revalidated.status()).toBe(304);
  });

  test("random draws are never cached; .text answers are plain text", async ({ request }) => {
    const random = await request.get("/poetrydb/random/2");
    expect(random.headers()["cache-control"]).toBe("no-store");
    expect(await random.json()).toHaveLength(2);
    const again = await request.get("/poetrydb/random/2");
    expect(again.headers()["x-cache"]).not.toBe("HIT");

    const text = await request.get("/poetrydb/title/Ozymandias/title,author.text");
    expect(text.headers()["content-type"]).toBe("text/plain; charset=utf-8");
    expect(await text.text()).toMatch(/^title\nOzymandias[^\n]*\nauthor\nPercy Bysshe Shelley\n\n/);
  });

  test("a page on another origin can read it, as it can read poetrydb.org", async ({ page, baseURL }) => {
    // A page of another site, served from its own loopback port so that none of our headers (the CSP's
    // connect-src 'self') apply: a third-party client page reading the API across origins. (A page faked
    // with page.route would count as a public site, and Chromium keeps those away from loopback addresses.)
    const site = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><title>Another site</title>");
    });
    await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
    try {
      await page.goto(`http://127.0.0.1:${(site.address() as AddressInfo).port}/`);
      const result = await page.evaluate(async (api) => {
        const response = await fetch(`${api}/poetrydb/wrong`);
        return response.json();
      }, baseURL!);
      expect(result).toEqual({ status: "405", reason: "wrong list not available. Only author and title allowed." });
    } finally {
      site.close();
    }
  });
});
