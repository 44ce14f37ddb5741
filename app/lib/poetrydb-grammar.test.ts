import { describe, expect, test } from "vitest";
import { parsePoetryDbPath, poemsAsText, rubySplit, rubyToI } from "./poetrydb-grammar";

const ALL = ["title", "author", "lines", "linecount"];
const parse = (path: string) => parsePoetryDbPath(path.split("/"));
const reason = (path: string) => {
  const parsed = parse(path);
  if (parsed.kind !== "status") throw new Error(`${path} parsed as ${parsed.kind}`);
  return parsed.body;
};

describe("Ruby's string helpers as PoetryDB uses them", () => {
  test("split drops trailing empty strings only", () => {
    expect(rubySplit("a;;b;;", ";")).toEqual(["a", "", "b"]);
    expect(rubySplit("", ";")).toEqual([]);
  });

  test("to_i reads the leading integer", () => {
    expect(rubyToI("14:abs")).toBe(14);
    expect(rubyToI(" -3x")).toBe(-3);
    expect(rubyToI("abc")).toBe(0);
    expect(rubyToI("99999999999999999999")).toBe(2_147_483_647);
  });
});

describe("lists and /random", () => {
  test("author(s) and title(s) are lists; other single words are refused", () => {
    expect(parse("author")).toEqual({ kind: "list", field: "author" });
    expect(parse("authors")).toEqual({ kind: "list", field: "author" });
    expect(parse("titles")).toEqual({ kind: "list", field: "title" });
    expect(reason("lines")).toEqual({ status: "405", reason: "lines list not available. Only author and title allowed." });
  });

  test("/random is one random poem with every field", () => {
    expect(parse("random")).toEqual({
      kind: "search",
      query: { random: { count: 1, byAuthor: false } },
      fields: ALL,
      format: "json",
    });
  });

  test("an empty path or one with too many segments is PoetryDB's not found", () => {
    expect(parsePoetryDbPath([])).toEqual({ kind: "status", body: { status: 404, reason: "Not found" } });
    expect(parse("author/Keats/title/more")).toEqual({ kind: "status", body: { status: 404, reason: "Not found" } });
  });
});

describe("searches", () => {
  test("a text term is a substring unless it ends in :abs", () => {
    expect(parse("author/Keats")).toMatchObject({ query: { author: { value: "Keats", exact: false } }, fields: ALL });
    expect(parse("title/Ozymandias:abs")).toMatchObject({ query: { title: { value: "Ozymandias", exact: true } } });
    expect(parse("lines/abs")).toMatchObject({ query: { lines: { value: "abs", exact: false } } });
  });

  test("combined fields take their terms in order, separated by semicolons", () => {
    expect(parse("title,author/Winter:abs;William Shakespeare")).toMatchObject({
      query: { title: { value: "Winter", exact: true }, author: { value: "William Shakespeare", exact: false } },
    });
  });

  test("linecount is exact, or an inclusive range open at either end", () => {
    expect(parse("linecount/14")).toMatchObject({ query: { linecount: { min: 14, max: 14 } } });
    expect(parse("linecount/14:abs")).toMatchObject({ query: { linecount: { min: 14, max: 14 } } });
    expect(parse("linecount/-9")).toMatchObject({ query: { linecount: { min: null, max: 9 } } });
    expect(parse("linecount/12-")).toMatchObject({ query: { linecount: { min: 12, max: null } } });
    expect(parse("linecount/9-12")).toMatchObject({ query: { linecount: { min: 9, max: 12 } } });
  });

  test("poemcount limits like MongoDB's limit(); random counts, optionally one per author", () => {
    expect(parse("author,poemcount/Dickinson;2")).toMatchObject({ query: { poemcount: 2 } });
    expect(parse("poemcount/0")).toMatchObject({ query: { poemcount: null } });
    expect(parse("random/3")).toMatchObject({ query: { random: { count: 3, byAuthor: false } } });
    expect(parse("random/3:author")).toMatchObject({ query: { random: { count: 3, byAuthor: true } } });
    expect(parse("linecount,random/-14;3:author")).toMatchObject({
      query: { linecount: { min: null, max: 14 }, random: { count: 3, byAuthor: true } },
    });
  });

  test("output fields come out in PoetryDB's order; all and none mean every field", () => {
    expect(parse("author/Keats/linecount,title")).toMatchObject({ fields: ["title", "linecount"], format: "json" });
    expect(parse("author/Keats/all.text")).toMatchObject({ fields: ALL, format: "text" });
    expect(parse("author/Keats/title,lines.json")).toMatchObject({ fields: ["title", "lines"], format: "json" });
  });
});

describe("PoetryDB's error answers", () => {
  test("unknown input fields", () => {
    expect(reason("wrong,linecount/Dowson;16:abs/title")).toEqual({
      status: "405",
      reason: "wrong,linecount input field not available. Only author, title, lines, linecount, and poemcount or random allowed.",
    });
  });

  test("poemcount with random", () => {
    expect(reason("author,poemcount,random/Dowson;1;1")).toEqual({
      status: "405",
      reason: "Use either poemcount or random as input fields, but not both.",
    });
  });

  test("a format other than json or text, checked before the fields", () => {
    expect(reason("author/Dowson/wrong,lines.bad")).toEqual({
      status: "405",
      reason: "bad output format not available. Only text and json allowed.",
    });
  });

  test("an unknown output field", () => {
    expect(reason("author/Dowson/titles")).toEqual({
      status: "405",
      reason: "titles output field not available. Only author, title, lines, and linecount allowed.",
    });
  });

  test("fields and terms that do not pair up, either way, with the example of the route form used", () => {
    const message = "Comma delimited fields must have corresponding semicolon delimited search terms, eg. /title,author/Winter;Shakespeare";
    expect(reason("author,title/Dowson")).toEqual({ status: "405", reason: message });
    expect(reason("author,title/Dowson/all.json")).toEqual({ status: "405", reason: `${message}/all` });
    expect(reason("author,title/Dowson/title")).toEqual({ status: "405", reason: `${message}/lines` });
    expect(reason("author/Dowson;Moon")).toEqual({ status: "405", reason: message });
  });
});

describe("text format", () => {
  test("each field name then its value, lines one per line, a blank line after each poem", () => {
    const text = poemsAsText([
      { title: "A", author: "X", lines: ["one", "", "two"], linecount: "2" },
      { title: "B", author: "Y" },
    ]);
    expect(text).toBe("title\nA\nauthor\nX\nlines\none\n\ntwo\nlinecount\n2\n\ntitle\nB\nauthor\nY\n\n");
  });
});
