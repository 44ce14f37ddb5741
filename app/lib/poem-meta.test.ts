import { describe, expect, it } from "vitest";
import {
  excerpt,
  jsonLdHtml,
  poemDescription,
  poemJsonLd,
  poemMetaTags,
  shareText,
  shareTitle,
  STRUCTURED_TEXT_LENGTH,
} from "./poem-meta";

const long = Array.from({ length: 40 }, (_, i) => `Line ${i + 1} of the **long** poem, *sung* softly`).join("\n");

const poem = {
  id: "abc123abc123",
  slug: "a-poem-abc123",
  title: "A Poem",
  author: "Ann Author",
  author_directory: "ann-author",
  year: 1820,
  content: long,
  collections: [{ title: "Poems (1820)", year: 1820 }],
};

describe("excerpt", () => {
  it("keeps short text whole and on one line", () => {
    expect(excerpt("One\n  two\n\nthree", 160)).toBe("One two three");
  });

  it("cuts at a word, ends with an ellipsis and never exceeds the length", () => {
    const cut = excerpt("word ".repeat(100), 160);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut.endsWith("word…")).toBe(true);
    // No space near the end: cut inside the word.
    expect(excerpt("x".repeat(300), 160)).toHaveLength(160);
  });
});

describe("poemDescription / share text", () => {
  it("is at most 160 characters of the text, markers and front matter removed", () => {
    const description = poemDescription(`---\ntitle: A Poem\n---\n${long}`);
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description.length).toBeGreaterThan(140);
    expect(description.startsWith("Line 1 of the long poem, sung softly Line 2")).toBe(true);
    expect(description).not.toMatch(/[*_]|title:/);
    expect(description.endsWith("…")).toBe(true);
    expect(shareText(long)).toBe(description);
  });

  it("shares as '{title} — {author}'", () => {
    expect(shareTitle(poem)).toBe("A Poem — Ann Author");
  });
});

describe("poemJsonLd", () => {
  const ld = poemJsonLd(poem, { canonical: "https://x.test/poems/a-poem-abc123", author: "https://x.test/authors/ann-author" }, "Site");

  it("describes a poem by a person, with its year", () => {
    expect(ld["@type"]).toBe("CreativeWork");
    expect(ld.genre).toBe("Poetry");
    expect(ld.name).toBe("A Poem");
    expect(ld.author).toEqual({ "@type": "Person", name: "Ann Author", url: "https://x.test/authors/ann-author" });
    expect(ld.datePublished).toBe("1820");
    expect(ld.isPartOf).toEqual({ "@type": "Book", name: "Poems (1820)", datePublished: "1820" });
  });

  it("caps the text at 500 characters, markers removed, line breaks kept", () => {
    expect(long.length).toBeGreaterThan(STRUCTURED_TEXT_LENGTH);
    expect(ld.text).toHaveLength(500);
    expect(ld.text.endsWith("…")).toBe(true);
    expect(ld.text).toContain("softly\nLine 2");
    expect(ld.text).not.toContain("*");
  });

  it("keeps a short text whole and leaves out an unknown year", () => {
    const short = poemJsonLd({ ...poem, year: null, content: "Short *and* sweet." }, { canonical: "u", author: null }, "S");
    expect(short.text).toBe("Short and sweet.");
    expect(short).not.toHaveProperty("datePublished");
    expect(short.author).toEqual({ "@type": "Person", name: "Ann Author" });
  });
});

describe("jsonLdHtml", () => {
  it("cannot close the script element or start markup", () => {
    const html = jsonLdHtml({ text: "</script><script>alert(1)</script> & <!-- \u2028" });
    expect(html).not.toMatch(/[<>&\u2028]/);
    expect(html).toContain("\\u003c/script\\u003e");
    expect(JSON.parse(html)).toEqual({ text: "</script><script>alert(1)</script> & <!-- \u2028" });
  });
});

describe("poemMetaTags", () => {
  it("gives the title, description, canonical, Open Graph article and Twitter card", () => {
    const tags = poemMetaTags(poem, { canonical: "https://x.test/poems/a-poem-abc123", siteName: "Site" });
    const byKey = (key: string, value: string) => tags.find((t) => (t as Record<string, unknown>)[key] === value);
    expect(tags[0]).toEqual({ title: "A Poem by Ann Author | Site" });
    expect(byKey("rel", "canonical")).toMatchObject({ href: "https://x.test/poems/a-poem-abc123" });
    expect(byKey("property", "og:type")).toMatchObject({ content: "article" });
    expect(byKey("property", "og:title")).toMatchObject({ content: "A Poem by Ann Author" });
    expect(byKey("property", "og:url")).toMatchObject({ content: "https://x.test/poems/a-poem-abc123" });
    expect(byKey("property", "og:site_name")).toMatchObject({ content: "Site" });
    expect(byKey("property", "article:author")).toMatchObject({ content: "Ann Author" });
    expect(byKey("name", "twitter:card")).toMatchObject({ content: "summary" });
    expect(byKey("name", "description")).toMatchObject({ content: poemDescription(long) });
  });
});
