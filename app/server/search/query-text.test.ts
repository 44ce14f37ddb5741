import { describe, expect, it } from "vitest";
import {
  anyWordTsqueryText,
  foldWord,
  hasPhrase,
  MAX_QUERY_WORDS,
  parseSearchText,
  toTsqueryText,
} from "./query-text";

describe("parseSearchText", () => {
  it("keeps words, makes the last one a prefix, and folds the plain text", () => {
    const q = parseSearchText("  Ode to a Nightin ");
    expect(q.terms.map((t) => [t.words, t.prefix])).toEqual([
      [["Ode"], false],
      [["to"], false],
      [["a"], false],
      [["Nightin"], true],
    ]);
    expect(q.plain).toBe("ode to a nightin");
    expect(toTsqueryText(q)).toBe("'Ode' & 'to' & 'a' & 'Nightin':*");
  });

  it("reads quoted phrases, typographic quotes and unclosed quotes", () => {
    expect(toTsqueryText(parseSearchText('"to autumn"'))).toBe("('to' <-> 'autumn')");
    expect(toTsqueryText(parseSearchText("“west wind” shelley"))).toBe("('west' <-> 'wind') & 'shelley':*");
    expect(toTsqueryText(parseSearchText('keats "ode to'))).toBe("'keats' & ('ode' <-> 'to')");
  });

  it("negates a word written with a leading dash but not a hyphenated word", () => {
    const q = parseSearchText("love -death self-same");
    expect(toTsqueryText(q)).toBe("'love' & !'death' & 'self' & 'same':*");
    expect(q.words).toEqual(["love", "self", "same"]);
  });

  it("does not prefix a short, numeric or quoted last word", () => {
    expect(toTsqueryText(parseSearchText("keats to"))).toBe("'keats' & 'to'");
    expect(toTsqueryText(parseSearchText("poems 1817"))).toBe("'poems' & '1817'");
    expect(toTsqueryText(parseSearchText('"nightingale"'))).toBe("'nightingale'");
    expect(toTsqueryText(parseSearchText("nightingale."))).toBe("'nightingale'");
  });

  it("adds weight filters and prefixes every word on request", () => {
    const q = parseSearchText('"percy bysshe" shel');
    expect(toTsqueryText(q, "A")).toBe("('percy':A <-> 'bysshe':A) & 'shel':*A");
    expect(toTsqueryText(q, "", true)).toBe("('percy':* <-> 'bysshe':*) & 'shel':*");
  });

  it("drops every character that could change the meaning of a tsquery", () => {
    const hostile = `'); drop table poems; -- & | ! : * ( ) <-> \\ ' " \u0000 \uD800 😀 <script>`;
    const text = toTsqueryText(parseSearchText(hostile));
    // Only quoted letter/digit words joined by our own operators remain.
    expect(text).toMatch(/^('[\p{L}\p{N}]+'(:\*)?|[ &!()]|<->)+$/u);
    expect(text).not.toContain("\\");
    expect(text).not.toContain("\u0000");
    expect(text).toContain("'drop'");
  });

  it("is empty when nothing positive is left", () => {
    expect(toTsqueryText(parseSearchText("!!! ?? 😀"))).toBe("");
    expect(toTsqueryText(parseSearchText("-love"))).toBe("");
    expect(parseSearchText("-love").plain).toBe("");
  });

  it("bounds the number and length of words", () => {
    const q = parseSearchText(Array.from({ length: 100 }, (_, i) => `w${i}`).join(" "));
    expect(q.words).toHaveLength(MAX_QUERY_WORDS);
    expect(parseSearchText("a".repeat(10_000)).words[0]).toHaveLength(60);
  });

  it("keeps accented letters for the stemmer and folds them for trigrams", () => {
    const q = parseSearchText("Léopardi Brontë");
    expect(toTsqueryText(q)).toBe("'Léopardi' & 'Brontë':*");
    expect(q.plain).toBe("leopardi bronte");
    // Decomposed input (e + combining acute) is composed first, so it stays one word.
    expect(parseSearchText("Le\u0301opardi").terms[0].words).toEqual(["Léopardi"]);
  });

  it("lists any positive word for highlighting", () => {
    expect(anyWordTsqueryText(parseSearchText('"west wind" -rain nightin'))).toBe("'west' | 'wind' | 'nightin':*");
  });
});

describe("foldWord", () => {
  it("drops accents and case and expands ligatures", () => {
    expect(foldWord("Khayyám")).toBe("khayyam");
    expect(foldWord("Æther")).toBe("aether");
    expect(foldWord("Straße")).toBe("strasse");
  });
});

describe("hasPhrase", () => {
  it("tells a quoted phrase of several words from loose words", () => {
    const q = parseSearchText('"true love" rose -cold');
    expect(hasPhrase(q)).toBe(true);
    expect(toTsqueryText(q)).toBe("('true' <-> 'love') & 'rose' & !'cold'");
    expect(hasPhrase(parseSearchText("true love"))).toBe(false);
  });
});
