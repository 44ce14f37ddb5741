import { readFileSync } from "node:fs";
import path from "node:path";
import { readState } from "./state";

export interface CorpusPoem {
  id: string;
  title: string;
  author: string;
  content: string;
  year?: number;
  flags?: string[];
}

let cached: CorpusPoem[] | undefined;

/** The poems the e2e server imported, read straight from the corpus slice: the expected values of the tests. */
export function e2ePoems(): CorpusPoem[] {
  cached ??= readFileSync(path.join(readState().corpusDir, "poems.jsonl"), "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as CorpusPoem);
  return cached;
}

export function findCorpusPoem(predicate: (p: CorpusPoem) => boolean, what: string): CorpusPoem {
  const poem = e2ePoems().find(predicate);
  if (!poem) throw new Error(`The e2e corpus slice (tests/helpers/corpus.ts) has no ${what}`);
  return poem;
}

/** The non-blank lines of a poem's text, exactly as stored (leading spaces included). */
export function textLines(content: string): string[] {
  return content.split("\n").filter((line) => line.trim() !== "");
}
