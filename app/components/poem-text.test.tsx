import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PoemText, splitStanzas } from "./poem-text";

describe("splitStanzas", () => {
  it("splits on blank lines and keeps each line's leading spaces", () => {
    const text = "  Hail to thee,\n    blithe spirit!\n\nBird thou\n \n\n  never wert";
    expect(splitStanzas(text)).toEqual([["  Hail to thee,", "    blithe spirit!"], ["Bird thou"], ["  never wert"]]);
  });

  it("accepts Windows line breaks", () => {
    expect(splitStanzas("a\r\nb\r\n\r\nc")).toEqual([["a", "b"], ["c"]]);
  });
});

describe("PoemText", () => {
  it("renders one element per line as escaped text, never as HTML", () => {
    const html = renderToStaticMarkup(<PoemText content={"  <b>bold</b> & co\nnext"} />);
    expect(html).toContain('<span class="poem-text__line">  &lt;b&gt;bold&lt;/b&gt; &amp; co</span>');
    expect(html).toContain('<span class="poem-text__line">next</span>');
    expect(html).not.toContain("<pre");
  });
});
