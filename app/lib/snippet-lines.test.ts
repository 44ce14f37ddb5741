import { describe, expect, test } from "vitest";
import { snippetLines, snippetOneLine } from "./snippet-lines";

describe("snippetLines", () => {
  test("splits segments at line breaks, keeping which words are marked", () => {
    const lines = snippetLines([
      { text: "Season of mists and mellow ", match: false },
      { text: "fruitfulness", match: true },
      { text: ",\nClose bosom-friend", match: false },
    ]);
    expect(lines).toEqual([
      [
        { text: "Season of mists and mellow ", match: false },
        { text: "fruitfulness", match: true },
        { text: ",", match: false },
      ],
      [{ text: "Close bosom-friend", match: false }],
    ]);
  });

  test("markup in the text stays text: nothing is parsed as HTML", () => {
    const lines = snippetLines([{ text: "<img src=x onerror=alert(1)>", match: true }]);
    expect(lines).toEqual([[{ text: "<img src=x onerror=alert(1)>", match: true }]]);
  });

  test("malformed segments are dropped; the plain text stands in when none are left", () => {
    expect(snippetLines([{ text: 3 }, null, "x"], "plain line\nnext")).toEqual([
      [{ text: "plain line", match: false }],
      [{ text: "next", match: false }],
    ]);
    expect(snippetLines(undefined)).toEqual([]);
    expect(snippetLines([{ text: "\n\nword\n", match: false }])).toEqual([[{ text: "word", match: false }]]);
  });

  test("snippetOneLine joins the lines with a slash", () => {
    expect(
      snippetOneLine([
        { text: "a\n", match: false },
        { text: "rose", match: true },
      ]),
    ).toEqual([
      { text: "a", match: false },
      { text: " / ", match: false },
      { text: "rose", match: true },
    ]);
  });
});
