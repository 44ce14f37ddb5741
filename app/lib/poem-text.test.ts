import { describe, expect, it } from "vitest";
import { countLines, normalizeText, slugify, splitFrontMatter, stripFrontMatter } from "./poem-text";

describe("splitFrontMatter", () => {
  it("separates a leading YAML block and keeps it as data", () => {
    const { frontMatter, body } = splitFrontMatter("---\ntitle: Ozymandias\nyear: 1818\n---\nI met a traveller\n  from an antique land");
    expect(frontMatter).toEqual({ title: "Ozymandias", year: 1818 });
    expect(body).toBe("I met a traveller\n  from an antique land");
  });

  it("leaves text alone when there is no block", () => {
    expect(splitFrontMatter("Plain text\n---\nmore")).toEqual({ frontMatter: null, body: "Plain text\n---\nmore" });
  });

  it("does not treat a line of four dashes as a fence", () => {
    const text = "----Tanto major famae sitis est\n\nMy verse is satire";
    expect(splitFrontMatter(text).frontMatter).toBeNull();
    expect(stripFrontMatter(text)).toBe(text);
  });

  it("keeps unparseable YAML as raw text instead of failing", () => {
    const { frontMatter, body } = splitFrontMatter("---\ntitle: [unclosed\n---\nBody");
    expect(frontMatter).toEqual({ raw: "title: [unclosed" });
    expect(body).toBe("Body");
  });

  it("turns YAML dates into JSON strings", () => {
    expect(splitFrontMatter("---\ndate: 2020-01-02\n---\nx").frontMatter).toEqual({ date: "2020-01-02T00:00:00.000Z" });
  });
});

describe("normalizeText", () => {
  it("composes to NFC, unifies line breaks and trims only line ends and outer blank lines", () => {
    const decomposed = "Le\u0301opardi";
    expect(normalizeText(`\n\n  ${decomposed}  \r\n\r\n    indented\t\n\n`)).toBe("  Léopardi\n\n    indented");
  });
});

describe("countLines", () => {
  it("counts non-blank lines", () => {
    expect(countLines("a\n  b\n\nc\n")).toBe(3);
  });
});

describe("slugify", () => {
  it.each([
    ["Percy Bysshe Shelley", "percy-bysshe-shelley"],
    ["Anne Brontë", "anne-bronte"],
    ["Arthur O’Shaughnessy", "arthur-oshaughnessy"],
    ["A. E. Housman", "a-e-housman"],
    ["One's-Self I Sing", "ones-self-i-sing"],
    ["The Oxford Book of English Verse 1250–1900", "the-oxford-book-of-english-verse-1250-1900"],
    ["Songs & Sonnets", "songs-and-sonnets"],
    ["“?!”", ""],
  ])("%s -> %s", (input, slug) => {
    expect(slugify(input)).toBe(slug);
  });

  it("caps the length without a trailing dash", () => {
    expect(slugify("word ".repeat(40), 12)).toBe("word-word-wo");
    expect(slugify("abcd efgh", 5)).toBe("abcd");
  });
});
