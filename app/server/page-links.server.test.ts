import { describe, expect, it } from "vitest";
import { LINK_HEADER_MAX, linkHeader, pageLinks, withPageLinks } from "./page-links.server";

const request = (url: string) => new Request(url);

describe("pageLinks", () => {
  it("gives first, prev, next and last, keeping the other query parameters", () => {
    const links = pageLinks(request("http://example.org/api/poems?sort=year&per_page=5&page=3&order=desc"), {
      page: 3,
      totalPages: 10,
    });
    expect(links).toEqual({
      first: "http://example.org/api/poems?sort=year&per_page=5&page=1&order=desc",
      prev: "http://example.org/api/poems?sort=year&per_page=5&page=2&order=desc",
      next: "http://example.org/api/poems?sort=year&per_page=5&page=4&order=desc",
      last: "http://example.org/api/poems?sort=year&per_page=5&page=10&order=desc",
    });
  });

  it("adds page when the request had none, and leaves out prev on the first page and next on the last", () => {
    expect(pageLinks(request("http://example.org/api/authors"), { page: 1, totalPages: 2 })).toEqual({
      first: "http://example.org/api/authors?page=1",
      next: "http://example.org/api/authors?page=2",
      last: "http://example.org/api/authors?page=2",
    });
    expect(Object.keys(pageLinks(request("http://example.org/api/authors?page=2"), { page: 2, totalPages: 2 }))).toEqual([
      "first",
      "prev",
      "last",
    ]);
  });

  it("points prev of a page past the end at the last page, and an empty list's last at page 1", () => {
    expect(pageLinks(request("http://example.org/api/poems?page=50"), { page: 50, totalPages: 3 }).prev).toBe(
      "http://example.org/api/poems?page=3",
    );
    expect(pageLinks(request("http://example.org/api/poems"), { page: 1, totalPages: 0 })).toEqual({
      first: "http://example.org/api/poems?page=1",
      last: "http://example.org/api/poems?page=1",
    });
  });

  it("without a page count, offers next only when more follow, and no last", () => {
    const base = "http://example.org/api/search?q=rose&fields=title&fields=content&page=2";
    expect(pageLinks(request(base), { page: 2, hasMore: true })).toEqual({
      first: "http://example.org/api/search?q=rose&fields=title&fields=content&page=1",
      prev: "http://example.org/api/search?q=rose&fields=title&fields=content&page=1",
      next: "http://example.org/api/search?q=rose&fields=title&fields=content&page=3",
    });
    expect(pageLinks(request(base), { page: 2, hasMore: false }).next).toBeUndefined();
  });
});

describe("linkHeader and withPageLinks", () => {
  it("writes RFC 8288 link-values", () => {
    expect(linkHeader({ first: "http://a/x?page=1", next: "http://a/x?page=2" })).toBe(
      '<http://a/x?page=1>; rel="first", <http://a/x?page=2>; rel="next"',
    );
  });

  it("adds the header to successful answers only", () => {
    const req = request("http://example.org/api/poems?page=2");
    const ok = withPageLinks(new Response("{}"), req, { page: 2, totalPages: 3 });
    expect(ok.headers.get("Link")).toContain('rel="next"');
    const bad = withPageLinks(new Response("{}", { status: 400 }), req, { page: 2, totalPages: 3 });
    expect(bad.headers.get("Link")).toBeNull();
  });

  // The bad-input fuzzer's shrunk counterexample: GET /api/authors?x…(7,424 x)=ࠀࠀࠀࠀ𐀀ࠀ𐀀 answered with a Link
  // header of ~38 KB (the query string four times), which fetch refuses (UND_ERR_HEADERS_OVERFLOW).
  it("leaves the header out rather than repeat a long query string four times", () => {
    const query = new URLSearchParams([["x".repeat(7424), "ࠀࠀࠀࠀ𐀀ࠀ𐀀"]]);
    const long = withPageLinks(new Response("{}"), request(`http://example.org/api/authors?${query}`), { page: 2, totalPages: 3 });
    expect(long.headers.get("Link")).toBeNull();
    const search = `q=${"rose ".repeat(40)}&fields=title&fields=content&per_page=100&page=2`;
    const usual = withPageLinks(new Response("{}"), request(`http://example.org/api/search?${search}`), { page: 2, hasMore: true });
    expect(usual.headers.get("Link")?.length).toBeLessThanOrEqual(LINK_HEADER_MAX);
    expect(usual.headers.get("Link")).toContain('rel="next"');
  });
});
