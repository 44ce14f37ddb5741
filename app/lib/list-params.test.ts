import { describe, expect, it } from "vitest";
import { listHref, pageWindow, parseListParams, totalPages } from "./list-params";

const config = { sorts: ["title", "year"] as const, defaultSort: "title" as const, pageSizes: { cards: 12, list: 25 } };

describe("parseListParams", () => {
  it("reads the state from the URL", () => {
    const p = parseListParams(new URLSearchParams("page=3&view=list&sort=year&dir=desc&q=%20rose%20"), config);
    expect(p).toEqual({ page: 3, view: "list", sort: "year", dir: "desc", q: "rose", perPage: 25 });
  });

  it("falls back to defaults for bad values", () => {
    const p = parseListParams(new URLSearchParams("page=-4&view=grid&sort=drop%20table&dir=up"), config);
    expect(p).toEqual({ page: 1, view: "cards", sort: "title", dir: "asc", q: "", perPage: 12 });
    expect(parseListParams(new URLSearchParams("page=abc"), config).page).toBe(1);
    expect(parseListParams(new URLSearchParams("page=2.5"), config).page).toBe(1);
  });
});

describe("listHref", () => {
  const current = new URLSearchParams("page=3&view=list&q=rose");
  it("returns to page 1 when anything but the page changes", () => {
    expect(listHref("/poems", current, { sort: "year" })).toBe("/poems?view=list&q=rose&sort=year");
  });
  it("keeps the other parameters when paging, and drops page=1", () => {
    expect(listHref("/poems", current, { page: 4 })).toBe("/poems?page=4&view=list&q=rose");
    expect(listHref("/poems", current, { page: 1 })).toBe("/poems?view=list&q=rose");
  });
  it("drops emptied parameters", () => {
    expect(listHref("/poems", current, { q: "", view: null })).toBe("/poems");
  });
});

describe("pageWindow", () => {
  it("lists every page when there are few", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
  it("shows five pages around the current one with first, last and ellipses", () => {
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, 5, 6, null, 20]);
    expect(pageWindow(10, 20)).toEqual([1, null, 8, 9, 10, 11, 12, null, 20]);
    expect(pageWindow(20, 20)).toEqual([1, null, 15, 16, 17, 18, 19, 20]);
  });
  it("computes page counts with at least one page", () => {
    expect(totalPages(0, 12)).toBe(1);
    expect(totalPages(25, 12)).toBe(3);
  });
});
