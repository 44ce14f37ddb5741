// `npm run bench [-- <name>…]`: runs the named benchmarks (default: all but the subsets) and appends to
// bench/RESULTS.md.
import { benchApi, benchHttp, benchPages } from "./http";
import { benchImport } from "./import";
import { benchLoad } from "./load";
import { benchPush } from "./push";
import { benchSearch } from "./search";
import { benchWeight } from "./weight";

// The HTTP and weight benchmarks serve build/: `npm run build` first (the bench script does).
const benches: Record<string, () => Promise<unknown>> = {
  import: benchImport,
  http: benchHttp,
  weight: benchWeight,
  search: benchSearch,
  push: benchPush,
  load: benchLoad,
  // Halves of `http`, each on its own server (the full corpus imported again).
  api: benchApi,
  pages: benchPages,
};
const SUBSETS = new Set(["api", "pages"]);

const names = process.argv.slice(2).filter((a) => a !== "--");
const unknown = names.filter((n) => !(n in benches));
if (unknown.length > 0) {
  console.error(`Unknown benchmark(s): ${unknown.join(", ")}. Available: ${Object.keys(benches).join(", ")}`);
  process.exitCode = 2;
} else {
  for (const name of names.length > 0 ? names : Object.keys(benches).filter((n) => !SUBSETS.has(n))) await benches[name]();
}
