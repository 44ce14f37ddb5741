import { describe, expect, it } from "vitest";
import { BIOGRAPHY_PREVIEW_LENGTH, META_DESCRIPTION_LENGTH, metaDescription, truncateAtWord } from "./truncate";

const words = (n: number) =>
  Array.from({ length: n }, (_, i) => ["poet", "river", "nightingale", "ode", "autumn"][i % 5]).join(" ");

describe("truncateAtWord", () => {
  it("leaves text within the limit untouched", () => {
    expect(truncateAtWord("English Romantic poet", 300)).toBe("English Romantic poet");
    const exact = "x".repeat(300);
    expect(truncateAtWord(exact, 300)).toBe(exact);
  });

  it("cuts long text at a word boundary to at most the limit, ellipsis included", () => {
    const text = words(120);
    const cut = truncateAtWord(text, BIOGRAPHY_PREVIEW_LENGTH);
    expect(cut.length).toBeLessThanOrEqual(300);
    expect(cut.endsWith("…")).toBe(true);
    const kept = cut.slice(0, -1);
    expect(text.startsWith(kept)).toBe(true);
    // The next character of the original is a space: no word was split.
    expect(text[kept.length]).toBe(" ");
    // And nothing more than the last partial word was given up.
    expect(kept.length).toBeGreaterThan(300 - "nightingale ".length - 2);
  });

  it("keeps a word that ends exactly at the room's edge", () => {
    // 'abcd efgh ijkl': with limit 10 the room is 9 characters, 'abcd efgh', followed by a space.
    expect(truncateAtWord("abcd efgh ijkl", 10)).toBe("abcd efgh…");
  });

  it("drops punctuation dangling at the cut", () => {
    expect(truncateAtWord("He wrote odes, sonnets and letters", 16)).toBe("He wrote odes…");
  });

  it("cuts a single overlong word rather than returning nothing", () => {
    expect(truncateAtWord("a".repeat(20), 10)).toBe(`${"a".repeat(9)}…`);
  });
});

describe("metaDescription", () => {
  it("collapses whitespace and cuts to 155 characters", () => {
    const text = `${words(20)}\n\n${words(40)}`;
    const description = metaDescription(text);
    expect(description.length).toBeLessThanOrEqual(META_DESCRIPTION_LENGTH);
    expect(description).not.toMatch(/\n|\s{2}/);
    expect(description.endsWith("…")).toBe(true);
  });

  it("returns short text as it is, trimmed", () => {
    expect(metaDescription("  English poet\nand classicist ")).toBe("English poet and classicist");
  });
});
