import { describe, expect, test } from "vitest";
import {
  defaultTab,
  displayTotal,
  searchApiHref,
  searchPageHref,
  tabFields,
  DEFAULT_FILTERS,
} from "./search-options";
import { parseSearchPageParams } from "./search-page-params";

const parse = (query: string) => parseSearchPageParams(new URLSearchParams(query));

describe("parseSearchPageParams", () => {
  test("defaults: all fields, any time, relevance, cards of 50, page 1, the default tab", () => {
    expect(parse("q=%20keats%20")).toEqual({
      q: "keats",
      type: "all",
      timePeriod: "any",
      sort: "relevance",
      dir: "asc",
      fuzzy: false,
      tab: null,
      view: "cards",
      page: 1,
      perPage: 50,
    });
  });

  test("reads every choice; list view is 100 per page", () => {
    expect(
      parse("q=rose&type=content&time_period=pre-1800&sort=title&dir=desc&fuzzy=true&tab=contents&view=list&page=3"),
    ).toMatchObject({
      type: "content",
      timePeriod: "pre-1800",
      sort: "title",
      dir: "desc",
      fuzzy: true,
      tab: "contents",
      view: "list",
      page: 3,
      perPage: 100,
    });
  });

  test("bad values fall back to the defaults instead of failing", () => {
    expect(parse("q=x&type=nope&time_period=1066&sort=%3Cscript%3E&dir=up&fuzzy=maybe&tab=all&view=grid&page=-4")).toMatchObject({
      type: "all",
      timePeriod: "any",
      sort: "relevance",
      dir: "asc",
      fuzzy: false,
      tab: null,
      view: "cards",
      page: 1,
    });
    expect(parse("q=x&page=abc").page).toBe(1);
  });

  test("the API's names are understood too: fields, sort_by, order", () => {
    expect(parse("q=a&fields=title").type).toBe("title");
    expect(parse("q=a&fields=poets&fields=author").type).toBe("author");
    expect(parse("q=a&fields=content").type).toBe("content");
    expect(parse("q=a&fields=title,content").type).toBe("all");
    expect(parse("q=a&sort_by=date&order=desc")).toMatchObject({ sort: "date", dir: "desc" });
  });

  test("a very long query is cut to 500 characters", () => {
    expect(parse(`q=${"a".repeat(10_000)}`).q).toHaveLength(500);
  });
});

describe("searchPageHref", () => {
  test("a plain search is just the query", () => {
    expect(searchPageHref("  keats ")).toBe("/search?q=keats");
  });

  test("filters away from their defaults are kept; direction only with a sort", () => {
    expect(
      searchPageHref("rose", { type: "title", timePeriod: "1800-1900", sort: "relevance", dir: "desc", fuzzy: true }),
    ).toBe("/search?q=rose&type=title&time_period=1800-1900&fuzzy=true");
    expect(searchPageHref("rose", { ...DEFAULT_FILTERS, sort: "author", dir: "desc" }, { view: "list", page: 2 })).toBe(
      "/search?q=rose&sort=author&dir=desc&view=list&page=2",
    );
  });
});

describe("searchApiHref", () => {
  test("the dropdown's request: 10 per page, dropdown snippets, nothing at its default", () => {
    expect(searchApiHref("love", DEFAULT_FILTERS, { perPage: 10, context: "dropdown" })).toBe(
      "/api/search?q=love&per_page=10&context=dropdown",
    );
  });

  test("filters in the API's own names; time period omitted for any time, sort_by for relevance", () => {
    const url = new URL(
      searchApiHref("love", { type: "author", timePeriod: "post-1900", sort: "date", dir: "desc", fuzzy: true }, { perPage: 50, page: 2, skipCounts: true }),
      "http://x",
    );
    expect(url.searchParams.getAll("fields")).toEqual(["poets", "author"]);
    expect(Object.fromEntries([...url.searchParams].filter(([k]) => k !== "fields"))).toEqual({
      q: "love",
      page: "2",
      per_page: "50",
      fuzzy: "true",
      time_period: "post-1900",
      sort_by: "date",
      order: "desc",
      skipCounts: "true",
    });
  });

  test("explicit fields win (a tab's load more)", () => {
    const url = new URL(searchApiHref("love", DEFAULT_FILTERS, { perPage: 50, fields: ["content"] }), "http://x");
    expect(url.searchParams.getAll("fields")).toEqual(["content"]);
  });
});

test("tabFields: each tab's share of a Search In choice", () => {
  expect(tabFields("all", "poems")).toEqual(["title", "author"]);
  expect(tabFields("title", "poems")).toEqual(["title"]);
  expect(tabFields("title", "poets")).toEqual([]);
  expect(tabFields("author", "poets")).toEqual(["poets"]);
  expect(tabFields("author", "poems")).toEqual(["author"]);
  expect(tabFields("content", "contents")).toEqual(["content"]);
});

test("displayTotal caps at '1000+'", () => {
  expect(displayTotal(0)).toBe("0");
  expect(displayTotal(999)).toBe("999");
  expect(displayTotal(1000)).toBe("1,000");
  expect(displayTotal(1001)).toBe("1000+");
});

test("defaultTab: Poems, else Poets, else Content Matches", () => {
  expect(defaultTab({ poems: 3, poets: 1, contents: 9 })).toBe("poems");
  expect(defaultTab({ poems: 0, poets: 1, contents: 9 })).toBe("poets");
  expect(defaultTab({ poems: 0, poets: 0, contents: 9 })).toBe("contents");
  expect(defaultTab({ poems: 0, poets: 0, contents: 0 })).toBe("poems");
});
