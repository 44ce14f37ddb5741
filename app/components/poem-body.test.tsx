import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { hasMoreLines, poemStanzas } from "~/lib/poem-lines";
import { PoemBody } from "./poem-body";
import { PoemText } from "./poem-text";

describe("poemStanzas", () => {
  it("splits on blank lines, numbers non-blank lines through the stanzas and measures indentation", () => {
    const stanzas = poemStanzas("  Hail to thee,\n    blithe spirit!\n\nBird thou\n \n\n\tnever wert");
    expect(stanzas.map((s) => s.map((l) => [l.n, l.raw, l.indent]))).toEqual([
      [
        [1, "  Hail to thee,", 2],
        [2, "    blithe spirit!", 4],
      ],
      [[3, "Bird thou", 0]],
      [[4, "\tnever wert", 4]],
    ]);
  });

  it("accepts Windows line breaks, drops front matter and marks section breaks", () => {
    const stanzas = poemStanzas("---\ntitle: X\n---\na\r\nb\r\n\r\n   *  *  *\r\n\r\nc");
    expect(stanzas.map((s) => s.map((l) => l.text))).toEqual([["a", "b"], ["*  *  *"], ["c"]]);
    expect(stanzas[1]![0]!.sectionBreak).toBe(true);
    expect(stanzas[0]![0]!.sectionBreak).toBe(false);
  });

  it("keeps only the first lines when asked", () => {
    const text = "1\n2\n\n3\n4\n5";
    expect(poemStanzas(text, 3).map((s) => s.map((l) => l.text))).toEqual([["1", "2"], ["3"]]);
    expect(hasMoreLines(text, 3)).toBe(true);
    expect(hasMoreLines(text, 5)).toBe(false);
  });
});

describe("PoemBody", () => {
  it("renders a stanza per block and a line per element with its L{n} anchor", () => {
    const html = renderToStaticMarkup(<PoemBody content={"one\ntwo\n\nthree"} />);
    expect(html).toBe(
      '<div class="poem-text">' +
        '<p class="poem-text__stanza"><span id="L1" class="poem-text__line">one</span><span id="L2" class="poem-text__line">two</span></p>' +
        '<p class="poem-text__stanza"><span id="L3" class="poem-text__line">three</span></p>' +
        "</div>",
    );
    expect(html).not.toContain("<pre");
  });

  it("keeps the leading spaces in the line's text and their count as --indent", () => {
    const html = renderToStaticMarkup(<PoemBody content={"    indented"} />);
    expect(html).toContain('style="--indent:4">    indented</span>');
  });

  it("renders inline markup as elements and escapes everything else", () => {
    const html = renderToStaticMarkup(<PoemBody content={"**Lo!** <b>x</b> & *thee*"} />);
    expect(html).toContain("<strong>Lo!</strong> &lt;b&gt;x&lt;/b&gt; &amp; <em>thee</em>");
  });

  it("leaves section breaks as printed", () => {
    const html = renderToStaticMarkup(<PoemBody content={"a\n\n***\n\nb"} />);
    expect(html).toContain('<span id="L2" class="poem-text__line poem-text__line--break">***</span>');
    expect(renderToStaticMarkup(<PoemBody content={"  *  *  *"} />)).toContain(">  *  *  *</span>");
  });

  it("can drop the anchors, prefix them and cut the text short", () => {
    expect(renderToStaticMarkup(<PoemBody content="a" anchors={false} />)).not.toContain("id=");
    expect(renderToStaticMarkup(<PoemBody content="a" idPrefix="p3-L" />)).toContain('id="p3-L1"');
    const html = renderToStaticMarkup(<PoemBody content={"1\n2\n3\n4"} maxLines={2} />);
    expect(html).toContain(">2<");
    expect(html).not.toContain(">3<");
  });

  it("is what the older PoemText renders", () => {
    const text = "  a *b*\n\nc";
    expect(renderToStaticMarkup(<PoemText content={text} />)).toBe(renderToStaticMarkup(<PoemBody content={text} />));
  });
});
