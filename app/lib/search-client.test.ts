import { afterEach, describe, expect, test, vi } from "vitest";
import { bestMatch, fetchSearch, type SearchResponse, suggestionsOf, toSearchResponse } from "./search-client";

const poet = { id: 1, name: "John Keats", directory: "john-keats", directory_name: "john-keats", poem_count: 54, birth_date: null, death_date: null };
const poem = { id: "p1", slug: "to-autumn", title: "To Autumn", author: "John Keats", author_directory: "john-keats", year: 1820, favorite_count: 0, view_count: 0 };
const hit = { ...poem, id: "p2", snippet: [{ text: "mists", match: true }], snippet_text: "mists", content: "mists", line_number: 1 };

function answer(overrides: Partial<SearchResponse> = {}): SearchResponse {
  return {
    poets: [],
    poems: [],
    contents: [],
    pagination: {
      page: 1,
      per_page: 10,
      total_poets: 0,
      total_poems: 0,
      total_contents: 0,
      has_more_poets: false,
      has_more_poems: false,
      has_more_contents: false,
    },
    fuzzy: { poets: false, poems: false, contents: false },
    ...overrides,
  };
}

describe("suggestionsOf", () => {
  test("Poets, then Titles, then Contents, each linking to its page", () => {
    const items = suggestionsOf(answer({ poets: [poet], poems: [poem], contents: [hit] }));
    expect(items.map((i) => [i.group, i.href])).toEqual([
      ["poets", "/authors/john-keats"],
      ["titles", "/poems/p1"],
      ["contents", "/poems/p2"],
    ]);
  });
});

describe("bestMatch", () => {
  test("a poet found by name comes first, then a poem, then a line", () => {
    expect(bestMatch(answer({ poets: [poet], poems: [poem] }))?.kind).toBe("poet");
    expect(bestMatch(answer({ poems: [poem], contents: [hit] }))?.kind).toBe("poem");
    expect(bestMatch(answer({ contents: [hit] }))?.kind).toBe("content");
    expect(bestMatch(answer())).toBeNull();
  });

  test("an exact match beats one found only by similar spelling", () => {
    const found = bestMatch(answer({ poets: [poet], poems: [poem], fuzzy: { poets: true, poems: false, contents: false } }));
    expect(found?.kind).toBe("poem");
  });
});

describe("toSearchResponse / fetchSearch", () => {
  afterEach(() => vi.unstubAllGlobals());

  test("an answer without the groups is 'Invalid search response'", () => {
    expect(() => toSearchResponse({ poems: [] })).toThrow("Invalid search response");
    expect(() => toSearchResponse(null)).toThrow("Invalid search response");
    expect(toSearchResponse(answer()).poems).toEqual([]);
  });

  test("a failed status is 'HTTP error! status: {code}'; a body that is not JSON is 'Invalid response format'", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => new Response("{}", { status: 400 })));
    await expect(fetchSearch("/api/search?q=x")).rejects.toThrow("HTTP error! status: 400");
    vi.stubGlobal("fetch", vi.fn(async () => new Response("<html>", { status: 200 })));
    await expect(fetchSearch("/api/search?q=xx")).rejects.toThrow("Invalid response format");
    vi.stubGlobal("fetch", vi.fn(async () => new Response(JSON.stringify(answer({ poems: [poem] })), { status: 200 })));
    expect((await fetchSearch("/api/search?q=autumn")).poems).toEqual([poem]);
  });
});
