import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { inlineText, parseInlineMarkup, renderInlineMarkup, stripMarkup } from "./inline-markup";

const html = (line: string) => renderToStaticMarkup(renderInlineMarkup(line));

describe("parseInlineMarkup", () => {
  it("reads each marker", () => {
    expect(parseInlineMarkup("a ***b*** c")).toEqual(["a ", { kind: "strongEm", children: ["b"] }, " c"]);
    expect(parseInlineMarkup("**bold**")).toEqual([{ kind: "strong", children: ["bold"] }]);
    expect(parseInlineMarkup("*it*")).toEqual([{ kind: "em", children: ["it"] }]);
    expect(parseInlineMarkup("_under_")).toEqual([{ kind: "underline", children: ["under"] }]);
    expect(parseInlineMarkup("Sept^r^ 10")).toEqual(["Sept", { kind: "sup", children: ["r"] }, " 10"]);
    expect(parseInlineMarkup("H~2~O")).toEqual(["H", { kind: "sub", children: ["2"] }, "O"]);
  });

  it("keeps plain lines as one string and empty lines empty", () => {
    expect(parseInlineMarkup("I met a traveller from an antique land,")).toEqual([
      "I met a traveller from an antique land,",
    ]);
    expect(parseInlineMarkup("")).toEqual([]);
  });

  it("nests markers of different kinds", () => {
    expect(parseInlineMarkup("**bold _and under_ here**")).toEqual([
      { kind: "strong", children: ["bold ", { kind: "underline", children: ["and under"] }, " here"] },
    ]);
    expect(parseInlineMarkup("*it **bold** it*")).toEqual([
      { kind: "em", children: ["it ", { kind: "strong", children: ["bold"] }, " it"] },
    ]);
    expect(parseInlineMarkup("**bold *it* bold**")).toEqual([
      { kind: "strong", children: ["bold ", { kind: "em", children: ["it"] }, " bold"] },
    ]);
  });

  it("splits a triple run that opens two markers closed apart", () => {
    expect(parseInlineMarkup("***a** b*")).toEqual([
      { kind: "em", children: [{ kind: "strong", children: ["a"] }, " b"] },
    ]);
    expect(parseInlineMarkup("***a* b**")).toEqual([
      { kind: "strong", children: [{ kind: "em", children: ["a"] }, " b"] },
    ]);
    expect(parseInlineMarkup("*a **b***")).toEqual([
      { kind: "em", children: ["a ", { kind: "strong", children: ["b"] }] },
    ]);
  });

  it("leaves unmatched markers as literal text", () => {
    expect(parseInlineMarkup("*open only")).toEqual(["*open only"]);
    expect(parseInlineMarkup("**half*")).toEqual(["**half*"]);
    expect(parseInlineMarkup("(haughtily_). Thou mockest me")).toEqual(["(haughtily_). Thou mockest me"]);
    expect(parseInlineMarkup("Nov^r. 1, 1879.")).toEqual(["Nov^r. 1, 1879."]);
  });

  it("does not read asterisks and underscores inside words as markers", () => {
    expect(parseInlineMarkup("a*b")).toEqual(["a*b"]);
    expect(parseInlineMarkup("a*b*c")).toEqual(["a*b*c"]);
    expect(parseInlineMarkup("snake_case_name")).toEqual(["snake_case_name"]);
    expect(parseInlineMarkup("27_th_ January")).toEqual(["27_th_ January"]);
    // Footnote marks of old editions.
    expect(parseInlineMarkup("And, having harrowd* hell, didst bring away")).toEqual([
      "And, having harrowd* hell, didst bring away",
    ]);
    expect(parseInlineMarkup("When she in fleshly seede is eft* enraced**,")).toEqual([
      "When she in fleshly seede is eft* enraced**,",
    ]);
    expect(parseInlineMarkup("[* Corrupt, corrupted.]")).toEqual(["[* Corrupt, corrupted.]"]);
    expect(parseInlineMarkup("Hong-Kong,* Karnac,* and all the rest.")).toEqual([
      "Hong-Kong,* Karnac,* and all the rest.",
    ]);
  });

  it("reads markers next to apostrophes and punctuation", () => {
    expect(parseInlineMarkup("'*Tis* the season")).toEqual(["'", { kind: "em", children: ["Tis"] }, " the season"]);
    expect(parseInlineMarkup("*Hamlet*'s ghost")).toEqual([{ kind: "em", children: ["Hamlet"] }, "'s ghost"]);
    expect(parseInlineMarkup("don't _know_, love")).toEqual([
      "don't ",
      { kind: "underline", children: ["know"] },
      ", love",
    ]);
    expect(parseInlineMarkup("“_The Three_”")).toEqual(["“", { kind: "underline", children: ["The Three"] }, "”"]);
  });

  it("needs a non-space inside the markers", () => {
    expect(parseInlineMarkup("* * *")).toEqual(["* * *"]);
    expect(parseInlineMarkup("~ ~ ~")).toEqual(["~ ~ ~"]);
    expect(parseInlineMarkup("a * b * c")).toEqual(["a * b * c"]);
    expect(parseInlineMarkup("*word *")).toEqual(["*word *"]);
  });

  it("keeps section breaks and over-long runs literal", () => {
    expect(parseInlineMarkup("***")).toEqual(["***"]);
    expect(parseInlineMarkup("*****")).toEqual(["*****"]);
    expect(parseInlineMarkup("        *  *  *")).toEqual(["        *  *  *"]);
    expect(parseInlineMarkup("__")).toEqual(["__"]);
    expect(parseInlineMarkup("__init__")).toEqual(["__init__"]);
    expect(parseInlineMarkup("****four****")).toEqual(["****four****"]);
  });
});

describe("renderInlineMarkup", () => {
  it("renders elements, never raw HTML", () => {
    expect(html("a ***b*** **c** *d* _e_ ^f^ ~g~")).toBe(
      "a <strong><em>b</em></strong> <strong>c</strong> <em>d</em> <u>e</u> <sup>f</sup> <sub>g</sub>",
    );
    expect(html("*<script>alert(1)</script>* & <b>x</b>")).toBe(
      "<em>&lt;script&gt;alert(1)&lt;/script&gt;</em> &amp; &lt;b&gt;x&lt;/b&gt;",
    );
  });
});

describe("stripMarkup / inlineText", () => {
  it("removes applied markers and keeps the words, line by line", () => {
    expect(stripMarkup("***Lo!*** the **bold** and *meek*\n_under_ H~2~O x^2^\n* * *\nharrowd* hell")).toBe(
      "Lo! the bold and meek\nunder H2O x2\n* * *\nharrowd* hell",
    );
    expect(inlineText(parseInlineMarkup("**a *b* c**"))).toBe("a b c");
  });
});
