import { Worker } from "node:worker_threads";

/**
 * Word counts computed in a worker thread. The tokenizer (wink-nlp with its English model, ~40 MB) and the
 * garbage it makes stay in the worker's heap, which is given back when the worker is closed; the importer and
 * the server never load them. Lists sent one after another are counted in order while the caller goes on.
 */
export class WordCounter {
  private readonly worker: Worker;
  private readonly pending: { resolve: (counts: Map<string, number>) => void; reject: (error: Error) => void }[] = [];
  private failure: Error | null = null;

  constructor() {
    this.worker = new Worker(new URL("./word-counter-thread.mjs", import.meta.url), {
      // A bound the counting never comes near (its live heap is ~60 MB); a smaller heap limit also makes V8
      // collect sooner.
      resourceLimits: { maxOldGenerationSizeMb: 160, maxYoungGenerationSizeMb: 8 },
    });
    this.worker.on("message", (entries: [string, number][]) => this.pending.shift()?.resolve(new Map(entries)));
    this.worker.on("error", (error) => this.fail(error));
    this.worker.on("exit", (code) => this.fail(new Error(`the word-counting thread stopped (exit code ${code})`)));
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const waiting of this.pending.splice(0)) waiting.reject(this.failure);
  }

  /** Word → count over all the texts. */
  count(texts: string[]): Promise<Map<string, number>> {
    if (this.failure) return Promise.reject(this.failure);
    const counts = new Promise<Map<string, number>>((resolve, reject) => {
      this.pending.push({ resolve, reject });
      this.worker.postMessage(texts);
    });
    // Counts asked ahead are dropped, not awaited, when their caller fails first and closes the counter: their
    // rejection is no crash. Whoever awaits one still gets the error.
    counts.catch(() => {});
    return counts;
  }

  /** Stops the worker, releasing the tokenizer's memory. */
  async close(): Promise<void> {
    this.failure ??= new Error("the word counter is closed");
    await this.worker.terminate();
  }
}
