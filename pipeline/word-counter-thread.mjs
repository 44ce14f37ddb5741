// Entry of the word-counting worker thread. A worker does not inherit the tsx loader of the process that
// starts it (nor vitest's transform), so it loads its TypeScript itself.
import { tsImport } from "tsx/esm/api";

await tsImport("./word-counter-thread.ts", import.meta.url);
