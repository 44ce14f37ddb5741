// `npm run bench [-- <name>…]`: runs the named benchmarks (default: all) and appends to bench/RESULTS.md.
import { benchApi, benchPages } from "./http";
import { benchImport } from "./import";
import { benchPush } from "./push";
import { benchSearch } from "./search";

// The HTTP benchmarks serve build/: `npm run build` first (the bench script does).
const benches: Record<string, () => Promise<unknown>> = {
  import: benchImport,
  api: benchApi,
  pages: benchPages,
  search: benchSearch,
  push: benchPush,
};

const names = process.argv.slice(2).filter((a) => a !== "--");
const unknown = names.filter((n) => !(n in benches));
if (unknown.length > 0) {
  console.error(`Unknown benchmark(s): ${unknown.join(", ")}. Available: ${Object.keys(benches).join(", ")}`);
  process.exitCode = 2;
} else {
  for (const name of names.length > 0 ? names : Object.keys(benches)) await benches[name]();
}
