import { describe, expect, test } from "vitest";
import { isCommonWord, STOP_WORDS } from "./stop-words";
import { countWords, tokenizeWords } from "./tokenize";

describe("tokenizeWords", () => {
  test("case-folds and drops punctuation", () => {
    expect(tokenizeWords("The Tyger! Tyger, burning bright;\nIn the forests of the night.")).toEqual([
      "the", "tyger", "tyger", "burning", "bright", "in", "the", "forests", "of", "the", "night",
    ]);
  });

  test("keeps archaic forms and elisions as words", () => {
    expect(tokenizeWords("O'er the hills 'tis thee, e'en ne'er; ’Twas thou art")).toEqual([
      "o'er", "the", "hills", "'tis", "thee", "e'en", "ne'er", "'twas", "thou", "art",
    ]);
  });

  test("keeps contractions whole, with curly apostrophes made straight", () => {
    expect(tokenizeWords("Don’t weep, it's lov'd; I'll go")).toEqual(["don't", "weep", "it's", "lov'd", "i'll", "go"]);
  });

  test("quotation marks are not part of words", () => {
    expect(tokenizeWords("'Hello,' she said. \"Farewell\"")).toEqual(["hello", "she", "said", "farewell"]);
  });

  test("strips inline markers", () => {
    expect(tokenizeWords("***bold italic*** **bold** *it* _under_ x^2^ H~2~O")).toEqual([
      "bold", "italic", "bold", "it", "under", "x", "h", "o",
    ]);
  });

  test("drops numbers and ordinals", () => {
    expect(tokenizeWords("In 1820, the 2nd of May, 10th year: IV songs 3.5")).toEqual([
      "in", "the", "of", "may", "year", "iv", "songs",
    ]);
  });

  test("keeps letters of other alphabets and accents", () => {
    expect(tokenizeWords("Café Ætna naïve")).toEqual(["café", "ætna", "naïve"]);
  });
});

describe("stop words", () => {
  test("mark English function words and archaic ones as common", () => {
    for (const w of ["the", "and", "of", "don't", "thee", "thou", "thy", "thine", "hath", "doth", "art", "ye", "o", "'tis", "o'er"]) {
      expect(isCommonWord(w), w).toBe(true);
    }
  });

  test("leave content words alone", () => {
    for (const w of ["love", "night", "rose", "death", "heart", "sea"]) expect(isCommonWord(w), w).toBe(false);
  });

  test("are lower case with straight apostrophes, as the tokenizer writes them", () => {
    for (const w of STOP_WORDS) expect(w).toBe(w.toLowerCase().replace(/’/g, "'"));
  });
});

test("countWords adds up every text", () => {
  expect(Object.fromEntries(countWords(["The rose, the ROSE!", "a rose 'tis"]))).toEqual({ the: 2, rose: 3, a: 1, "'tis": 1 });
});
