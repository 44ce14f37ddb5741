import { describe, expect, it } from "vitest";
import { escapeXml, indentClass, poemXhtml, verseXhtml } from "./epub-markup";

describe("Standard Ebooks verse markup", () => {
  it("makes a <p> per stanza and a <span> per line, with <br/> only between lines", () => {
    const xhtml = verseXhtml("One\nTwo\n\nThree");
    expect(xhtml).toBe("<p>\n<span>One</span>\n<br/>\n<span>Two</span>\n</p>\n<p>\n<span>Three</span>\n</p>");
  });

  it("marks indented lines i1, i2… by two columns a level", () => {
    expect(verseXhtml("Flush\n  Two in\n    Four in\n\tTab")).toBe(
      '<p>\n<span>Flush</span>\n<br/>\n<span class="i1">Two in</span>\n<br/>\n<span class="i2">Four in</span>\n<br/>\n<span class="i2">Tab</span>\n</p>',
    );
    expect(indentClass(0)).toBeNull();
    expect(indentClass(1)).toBe("i1");
    expect(indentClass(40)).toBe("i10");
  });

  it("escapes text and turns inline markers into elements, never raw HTML", () => {
    expect(verseXhtml("<b>&</b> *soft* **loud**")).toBe(
      "<p>\n<span>&lt;b&gt;&amp;&lt;/b&gt; <em>soft</em> <strong>loud</strong></span>\n</p>",
    );
    expect(escapeXml(`"a" 'b'`)).toBe("&quot;a&quot; &#39;b&#39;");
  });

  it("turns a stanza of asterisks into a section break and drops front matter", () => {
    expect(verseXhtml("---\ntitle: x\n---\nA\n\n* * *\n\nB")).toBe("<p>\n<span>A</span>\n</p>\n<hr/>\n<p>\n<span>B</span>\n</p>");
  });

  it("wraps a poem in an <article epub:type=\"z3998:poem\"> with its title", () => {
    const doc = poemXhtml(
      { key: "poem-0001", title: "Loveliest of Trees", subtitle: null, author: "A. E. Housman", content: "Line", number: "II" },
      false,
    );
    expect(doc).toContain('<article id="poem-0001" epub:type="z3998:poem">');
    expect(doc).toContain('<h2 epub:type="title">Loveliest of Trees</h2>');
    expect(doc).toContain("<header>");
    expect(doc).not.toContain("z3998:author");
    expect(doc.startsWith('<?xml version="1.0" encoding="utf-8"?>')).toBe(true);
  });
});
