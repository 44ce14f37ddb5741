import { parentPort } from "node:worker_threads";
import { garbageBudget } from "./collect-garbage";
import { countWords } from "./tokenize";

/**
 * The worker side of WordCounter: tokenizes each list of texts it is sent and answers with its word counts,
 * in the order asked. wink-nlp and its model live only here.
 */

/**
 * Characters tokenized between two full collections: wink-nlp makes many short-lived objects per word, and
 * counting the whole corpus (~68 million characters) otherwise let the heap grow to ~300 MB for ~60 MB of
 * live data. A few dozen collections of a small heap cost little.
 */
const GC_EVERY_CHARS = 1_000_000;
const spend = garbageBudget(GC_EVERY_CHARS);

const port = parentPort;
if (!port) throw new Error("word-counter-thread runs only as a worker thread");
port.on("message", (texts: string[]) => {
  // Spent text by text: one poet's poems can add up to megabytes.
  port.postMessage([...countWords(texts, (text) => spend(text.length))]);
});
