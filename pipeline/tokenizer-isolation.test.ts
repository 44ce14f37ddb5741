import { expect, test, vi } from "vitest";

// The tokenizer's model weighs ~40 MB: the importer and the server must not load it, only the worker does.
vi.mock("wink-nlp", () => {
  throw new Error("wink-nlp loaded outside the word-counting thread");
});

test("the importer and the word-frequency refresh do not load the tokenizer", async () => {
  await expect(import("./import")).resolves.toHaveProperty("runImport");
  await expect(import("./wordfreq")).resolves.toHaveProperty("refreshWordFrequencies");
});
