import { describe, expect, it } from "vitest";
import { poemAsText } from "./poem-export";

describe("poemAsText", () => {
  it("has the title, author, year and the text with markers stripped and indentation kept", () => {
    const text = poemAsText(
      { title: "A Poem", subtitle: null, author: "Ann Author", year: 1820, content: "**Lo!** the *night*\n  falls\n\n_Done_." },
      { siteName: "Site", url: "https://x.test/poems/a" },
    );
    expect(text).toBe("A Poem\nBy Ann Author\n1820\n\nLo! the night\n  falls\n\nDone.\n\n\nFrom Site: https://x.test/poems/a\n");
  });

  it("leaves out what is unknown", () => {
    expect(poemAsText({ title: "T", subtitle: "Sub", author: "A", year: null, content: "x" })).toBe("T\nSub\nBy A\n\nx\n");
  });

  it("keeps the first line's indentation", () => {
    expect(poemAsText({ title: "T", author: "A", year: null, content: "\n    Hail\n  thee\n\n" })).toBe("T\nBy A\n\n    Hail\n  thee\n");
  });
});
