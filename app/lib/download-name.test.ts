import { describe, expect, it } from "vitest";
import { MAX_FILE_NAME_LENGTH, poemTextFileName, sanitizeFileName } from "./download-name";

describe("sanitizeFileName", () => {
  it.each(["\\", "/", ":", "*", "?", '"', "<", ">", "|"])("replaces %s with a space", (char) => {
    expect(sanitizeFileName(`a${char}b.txt`)).toBe("a b.txt");
  });

  it("collapses the spaces left behind and trims the ends", () => {
    expect(sanitizeFileName(' "Hope" is the thing with feathers? - Emily Dickinson.txt')).toBe(
      "Hope is the thing with feathers - Emily Dickinson.txt",
    );
    expect(sanitizeFileName("a\tb\nc.txt")).toBe("a b c.txt");
  });

  it("keeps unicode letters, apostrophes and dashes", () => {
    expect(sanitizeFileName("L’Allegro — John Milton.txt")).toBe("L’Allegro — John Milton.txt");
    expect(sanitizeFileName("Ἐκ γαίας - Ανώνυμος.txt")).toBe("Ἐκ γαίας - Ανώνυμος.txt");
  });

  it("caps the name at 120 characters and keeps the extension", () => {
    const name = sanitizeFileName(`${"x".repeat(300)}.txt`);
    expect(name).toHaveLength(MAX_FILE_NAME_LENGTH);
    expect(name.endsWith("xxx.txt")).toBe(true);
    expect(sanitizeFileName("y".repeat(500))).toHaveLength(120);
  });

  it("never splits a surrogate pair at the cut", () => {
    // 116 units are left for the stem; the 116th is the first half of a rose, so the rose goes whole.
    const split = sanitizeFileName(`${"a".repeat(115)}🌹🌹🌹.txt`);
    expect(split).toBe(`${"a".repeat(115)}.txt`);
    expect(() => encodeURIComponent(split)).not.toThrow();
    const fits = sanitizeFileName(`${"a".repeat(114)}🌹🌹🌹.txt`);
    expect(fits).toBe(`${"a".repeat(114)}🌹.txt`);
    expect(fits).toHaveLength(120);
  });

  it("falls back to a name when nothing is left", () => {
    expect(sanitizeFileName('???.txt')).toBe("poem.txt");
  });
});

describe("poemTextFileName", () => {
  it("is '{title} - {author}.txt'", () => {
    expect(poemTextFileName("Ozymandias", "Percy Bysshe Shelley")).toBe("Ozymandias - Percy Bysshe Shelley.txt");
    expect(poemTextFileName("What? Who: Me/You", "A*B")).toBe("What Who Me You - A B.txt");
  });
});
