import { describe, expect, it } from "vitest";
import { ApiError } from "../http.server";
import { parseSearchParams } from "./params";

const parse = (qs: string) => parseSearchParams(new URLSearchParams(qs));

function rejection(qs: string): { parameter: unknown; message: string } {
  try {
    parse(qs);
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    const e = error as ApiError;
    expect(e.status).toBe(400);
    return { parameter: e.extra.parameter, message: e.message };
  }
  throw new Error(`${qs} was accepted`);
}

describe("parseSearchParams", () => {
  it("applies the documented defaults", () => {
    expect(parse("q=rose")).toEqual({
      q: "rose",
      fields: ["title", "author", "content", "poets"],
      page: 1,
      perPage: 10,
      fuzzy: false,
      timePeriod: undefined,
      sortBy: "relevance",
      order: undefined,
      skipCounts: false,
      snippetChars: 100,
    });
  });

  it("reads repeated and comma-separated fields and every option", () => {
    const options = parse(
      "q=%20to%20autumn%20&fields=title&fields=poets,content&page=3&per_page=50&fuzzy=true&time_period=1800-1900&sort_by=date&order=desc&skipCounts=true&context=dropdown",
    );
    expect(options).toMatchObject({
      q: "to autumn",
      fields: ["title", "poets", "content"],
      page: 3,
      perPage: 50,
      fuzzy: true,
      timePeriod: "1800-1900",
      sortBy: "date",
      order: "desc",
      skipCounts: true,
      snippetChars: 50,
    });
    expect(parse("q=ab&snippet_chars=80&context=dropdown").snippetChars).toBe(80);
    expect(parse("q=ab&time_period=any").timePeriod).toBeUndefined();
  });

  it.each([
    ["", "q"],
    ["q=", "q"],
    ["q=%20a%20", "q"],
    [`q=${"x".repeat(501)}`, "q"],
    ["q=ab&fields=verses", "fields"],
    ["q=ab&fields=", "fields"],
    ["q=ab&fields=title&fields=bogus", "fields"],
    ["q=ab&per_page=0", "per_page"],
    ["q=ab&per_page=101", "per_page"],
    ["q=ab&per_page=ten", "per_page"],
    ["q=ab&page=0", "page"],
    ["q=ab&page=1.5", "page"],
    ["q=ab&fuzzy=maybe", "fuzzy"],
    ["q=ab&skipCounts=2", "skipCounts"],
    ["q=ab&time_period=medieval", "time_period"],
    ["q=ab&sort_by=popularity", "sort_by"],
    ["q=ab&order=up", "order"],
    ["q=ab&snippet_chars=5", "snippet_chars"],
    ["q=ab&context=sidebar", "context"],
  ])("rejects %s naming %s", (qs, parameter) => {
    const r = rejection(qs);
    expect(r.parameter).toBe(parameter);
    expect(r.message).toContain(parameter);
  });
});
