import { describe, expect, it } from "vitest";
import { buildSnippet, foreignWords, hasForeignLetter, snippetCandidates } from "./snippet";

const OZYMANDIAS = [
  "I met a traveller from an antique land",
  'Who said: "Two vast and trunkless legs of stone',
  "Stand in the desert. Near them on the sand,",
  "Half sunk, a shattered visage lies, whose frown,",
  "And wrinkled lip, and sneer of cold command,",
  "Tell that its sculptor well those passions read",
  "Which yet survive, stamped on these lifeless things,",
].join("\n");

const marked = (s: ReturnType<typeof buildSnippet>) => s.snippet.filter((x) => x.match).map((x) => x.text);

describe("snippetCandidates", () => {
  it("lists folded words that start like a query word, once each", () => {
    const words = snippetCandidates("Roses, a ROSE; the Rosebud and Brontë's rows", ["rose", "bronte"]);
    expect(words.sort()).toEqual(["bronte", "rose", "rosebud", "roses", "rows"]);
  });

  it("folds words beyond ASCII without taking their ASCII parts for words of their own", () => {
    expect(snippetCandidates("Éros and erosion; Bérénice, bere", ["eros", "berenice"]).sort()).toEqual([
      "bere",
      "berenice",
      "eros",
      "erosion",
    ]);
    expect(snippetCandidates("Roséate", ["rose"])).toEqual(["roseate"]);
  });

  it("sees words inside inline markers and skips stop words", () => {
    expect(snippetCandidates("A _nightingale_ **sang**", ["nightingale"])).toEqual(["nightingale"]);
    expect(snippetCandidates("the thee thou that nightingale", ["the", "nightin"])).toEqual(["nightingale"]);
  });
});

describe("buildSnippet", () => {
  it("centres on the matched line with at most two lines either side and marks every match", () => {
    const s = buildSnippet(OZYMANDIAS, new Set(["sneer", "cold"]), 100);
    expect(s.line_number).toBe(5);
    expect(marked(s)).toEqual(["sneer", "cold"]);
    expect(s.snippet.map((x) => x.text).join("")).toBe(s.snippet_text);
    const lines = s.snippet_text.split("\n");
    expect(lines.length).toBeLessThanOrEqual(5);
    expect(s.snippet_text).not.toContain("I met a traveller");
    expect(s.snippet_text).not.toContain("lifeless");
  });

  it("keeps about the asked number of characters of context, cut at words with an ellipsis", () => {
    const long = buildSnippet(OZYMANDIAS, new Set(["visage"]), 100);
    const short = buildSnippet(OZYMANDIAS, new Set(["visage"]), 50);
    expect(long.snippet_text.length).toBeLessThanOrEqual(100 + "visage".length + 4);
    expect(short.snippet_text.length).toBeLessThanOrEqual(50 + "visage".length + 4);
    expect(short.snippet_text.length).toBeLessThan(long.snippet_text.length);
    expect(short.snippet_text.startsWith("…")).toBe(true);
    expect(short.snippet_text.endsWith("…")).toBe(true);
    // Cut between words, never inside one.
    for (const piece of short.snippet_text.replace(/…/g, "").split(/\s+/).filter(Boolean)) {
      expect(OZYMANDIAS).toContain(piece);
    }
  });

  it("prefers the line whose neighbourhood holds the most different matched words", () => {
    const text =
      "the sand was hot\nsome other line\nfar from here\nlone and level sands stretch far away\nthe lone sand";
    const s = buildSnippet(text, new Set(["lone", "level", "sands"]), 100);
    expect(s.line_number).toBe(4);
  });

  it("strips inline markers before matching and marking", () => {
    const s = buildSnippet(
      "First line\nA **bold** and *quiet* _nightingale_ ^sings^\nLast line",
      new Set(["nightingale"]),
      100,
    );
    expect(s.snippet_text).toContain("A bold and quiet nightingale sings");
    expect(s.snippet_text).not.toMatch(/[*_^~]/);
    expect(marked(s)).toEqual(["nightingale"]);
    expect(s.line_number).toBe(2);
  });

  it("marks accented and capitalised spellings of a folded match", () => {
    const s = buildSnippet("To Anne Brontë\nand to BRONTE again", new Set(["bronte"]), 100);
    expect(marked(s)).toEqual(["Brontë", "BRONTE"]);
  });

  it("skips blank lines when counting the lines around a match", () => {
    const text = "one\n\ntwo\n\nthree\n\nfour\n\nfive\n\nsix";
    const s = buildSnippet(text, new Set(["four"]), 100);
    expect(s.snippet_text).toBe("two\nthree\nfour\nfive\nsix");
    expect(s.line_number).toBe(7);
  });

  it("falls back to the opening lines, unmarked, when no word can be marked", () => {
    const s = buildSnippet(OZYMANDIAS, new Set(), 50);
    expect(s.line_number).toBe(1);
    expect(s.snippet_text.startsWith("I met a traveller")).toBe(true);
    expect(marked(s)).toEqual([]);
  });

  it("finds a match deep in a long text", () => {
    const filler = Array.from({ length: 3000 }, (_, i) => `line number ${i} of filler`).join("\n");
    const text = `${filler}\nthe nightingale at last\n${filler}`;
    expect(snippetCandidates(text, ["nightingale"])).toEqual(["nightingale"]);
    const s = buildSnippet(text, new Set(["nightingale"]), 100);
    expect(s.line_number).toBe(3001);
    expect(marked(s)).toEqual(["nightingale"]);
  });

  it("handles an empty text", () => {
    expect(buildSnippet("", new Set(["x"]), 100)).toEqual({ snippet: [], snippet_text: "", line_number: 1 });
  });
});

describe("foreignWords", () => {
  const words = (text: string) => foreignWords(text).map(({ start, end, word }) => [word, text.slice(start, end) === word]);

  it("finds whole words that hold letters, digits or marks beyond ASCII, wherever those sit in the word", () => {
    expect(words("Anne Brontë's «Œuvres» of Émile, naïve and ½ done")).toEqual([
      ["Brontë", true],
      ["Œuvres", true],
      ["Émile", true],
      ["naïve", true],
      ["½", true],
    ]);
  });

  it("reads astral letters and combining marks as parts of words, and skips punctuation and symbols", () => {
    expect(words("the \u{1D504}x and cafe\u0301 — “quoted” × 2")).toEqual([
      ["\u{1D504}x", true],
      ["cafe\u0301", true],
    ]);
    // A word cannot start with a mark: what follows it is a plain ASCII word, left to the fast expression.
    expect(words("\u0301abc")).toEqual([]);
  });
});

describe("hasForeignLetter", () => {
  it("is true for letters, digits and marks beyond ASCII, astral ones included, and false for mere punctuation", () => {
    expect(hasForeignLetter("plain English verse")).toBe(false);
    expect(hasForeignLetter("“Don’t” — she said… ½")).toBe(true);
    expect(hasForeignLetter("“Don’t” — she said…")).toBe(false);
    expect(hasForeignLetter("Brontë")).toBe(true);
    expect(hasForeignLetter("e\u0301")).toBe(true);
    expect(hasForeignLetter("the \u{1D504} of it")).toBe(true);
    expect(hasForeignLetter("a smile 😊 here")).toBe(false);
    // Asked twice of the same expression: no state carried over between texts.
    expect(hasForeignLetter("Brontë")).toBe(true);
  });
});
