import { afterEach, describe, expect, test } from "vitest";
import { countWords } from "./tokenize";
import { WordCounter } from "./word-counter";

describe("WordCounter (a worker thread)", () => {
  let counter: WordCounter | undefined;
  afterEach(async () => {
    await counter?.close();
    counter = undefined;
  });

  test("counts each list as countWords does, in the order asked, with lists in flight together", async () => {
    counter = new WordCounter();
    const lists = [
      ["The rose, the ROSE!", "a rose 'tis"],
      ["O'er the hills ’twas thee, e'en ne'er", "Don’t weep, it's lov'd; I'll go"],
      [],
      ["***bold*** _under_ In 1820, the 2nd of May", "Café Ætna naïve"],
    ];
    const counted = await Promise.all(lists.map((texts) => counter!.count(texts)));
    expect(counted.map((m) => Object.fromEntries(m))).toEqual(lists.map((texts) => Object.fromEntries(countWords(texts))));
    expect(counted[0]).toEqual(new Map([["the", 2], ["rose", 3], ["a", 1], ["'tis", 1]]));
  });

  test("a closed counter refuses more work instead of hanging", async () => {
    counter = new WordCounter();
    await counter.close();
    await expect(counter.count(["a rose"])).rejects.toThrow("closed");
  });
});
