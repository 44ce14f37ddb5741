import { describe, expect, test } from "vitest";
import { isSameOriginRequest, requireSameOrigin } from "./origin.server";

const post = (headers: Record<string, string>, url = "http://localhost:3000/login") =>
  new Request(url, { method: "POST", headers });

describe("isSameOriginRequest", () => {
  test("accepts an Origin naming the request's own host", () => {
    expect(isSameOriginRequest(post({ Origin: "http://localhost:3000" }), undefined)).toBe(true);
  });

  test("falls back to Referer when there is no Origin", () => {
    expect(isSameOriginRequest(post({ Referer: "http://localhost:3000/poems/abc" }), undefined)).toBe(true);
    expect(isSameOriginRequest(post({ Referer: "https://evil.example/page" }), undefined)).toBe(false);
  });

  test("refuses another host, another port, and the opaque 'null' origin", () => {
    expect(isSameOriginRequest(post({ Origin: "https://evil.example" }), undefined)).toBe(false);
    expect(isSameOriginRequest(post({ Origin: "http://localhost:4000" }), undefined)).toBe(false);
    expect(isSameOriginRequest(post({ Origin: "null" }), undefined)).toBe(false);
  });

  test("accepts the public host of SITE_URL behind a proxy that rewrites the request's host", () => {
    const request = post({ Origin: "https://poetry.example.org" }, "http://10.0.0.5:3000/login");
    expect(isSameOriginRequest(request, undefined)).toBe(false);
    expect(isSameOriginRequest(request, "https://poetry.example.org")).toBe(true);
  });

  test("a request with neither header (no browser) passes", () => {
    expect(isSameOriginRequest(post({}), undefined)).toBe(true);
  });
});

describe("requireSameOrigin", () => {
  test("throws a 403 (JSON for the API)", async () => {
    const request = post({ Origin: "https://evil.example" });
    let thrown: unknown;
    try {
      requireSameOrigin(request, "api");
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(403);
    expect(await (thrown as Response).json()).toEqual({ error: expect.stringMatching(/another site/) });
  });
});
