import { describe, expect, test } from "vitest";
import { PAUSE_MS, scriptedPauseMs, speechSsml, spokenStanzas } from "./speech-script";

const poem = {
  title: "Roses & <Thorns>",
  author: "Anne O'Poet",
  content: "---\ntitle: Roses\nsource: somewhere\n---\nThe *rose* is red,\n  _violets_ ^blue^.\n\n* * *\n\nSugar's ~sweet~\nand so are you.\n",
};

describe("speech script", () => {
  test("drops front matter, inline markers and section-break asterisks; keeps the stanzas", () => {
    expect(spokenStanzas(poem.content)).toEqual([
      ["The rose is red,", "violets blue."],
      ["Sugar's sweet", "and so are you."],
    ]);
  });

  test("reads the title, then the poet, then the lines, with pauses at line and longer ones at stanza ends", () => {
    const ssml = speechSsml(poem);
    const line = `<break time="${PAUSE_MS.line}ms"/>`;
    const stanza = `<break time="${PAUSE_MS.stanza}ms"/>`;
    expect(ssml.trim().split("\n")).toEqual([
      "<speak>",
      `Roses &amp; &lt;Thorns&gt;<break time="${PAUSE_MS.afterTitle}ms"/>`,
      `by Anne O&apos;Poet<break time="${PAUSE_MS.afterPoet}ms"/>`,
      `The rose is red,${line}`,
      `violets blue.${stanza}`,
      `Sugar&apos;s sweet${line}`,
      "and so are you.",
      "</speak>",
    ]);
    expect(ssml).not.toMatch(/title: Roses|[*_^~]/);
    expect(scriptedPauseMs(poem)).toBe(PAUSE_MS.afterTitle + PAUSE_MS.afterPoet + 2 * PAUSE_MS.line + PAUSE_MS.stanza);
  });

  test("a text with no words says only the title and poet", () => {
    expect(spokenStanzas("\n\n* * *\n\n")).toEqual([]);
    expect(speechSsml({ title: "T", author: "P", content: "" })).toBe(
      `<speak>\nT<break time="${PAUSE_MS.afterTitle}ms"/>\nby P<break time="${PAUSE_MS.afterPoet}ms"/>\n</speak>\n`,
    );
  });
});
