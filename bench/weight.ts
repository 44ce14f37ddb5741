// `npm run bench -- weight`: what the poem page costs to download from the built server (scripts, styles, HTML
// and the fonts its styles name), as sent with brotli and with gzip. tests/system/page-weight.test.ts holds the
// JavaScript to the 120 KB budget.
import { type AppProcess, createAppDatabase, startAppProcess } from "../tests/helpers/app-process";
import { smallCorpus } from "../tests/helpers/corpus";
import { type AssetWeight, assetWeight, kb, pageWeight } from "../tests/helpers/page-weight";
import { appendResults, markdownTable } from "./results";

const WEIGHT_PORT = 3952;

const row = (name: string, a: { raw?: number; br: number; gzip: number }, note = "") => [
  name,
  a.raw === undefined ? "" : kb(a.raw),
  kb(a.br),
  kb(a.gzip),
  note,
];
const total = (list: AssetWeight[]) => ({
  raw: list.reduce((t, a) => t + a.raw, 0),
  br: list.reduce((t, a) => t + a.br, 0),
  gzip: list.reduce((t, a) => t + a.gzip, 0),
});

async function measure(app: AppProcess): Promise<string> {
  const list = (await (await fetch(`${app.url}/api/poems?per_page=1`)).json()) as { poems: { id: string }[] };
  const weight = await pageWeight(app.url, `/poems/${list.poems[0].id}`);
  const css = await Promise.all(weight.styles.map(async (s) => (await fetch(`${app.url}${s.path}`)).text()));
  const fontPaths = [...new Set(css.join("\n").match(/\/assets\/[\w.-]+\.woff2/g) ?? [])];
  const fonts = await Promise.all(fontPaths.map((p) => assetWeight(app.url, p)));
  const cacheControls = [...new Set([...weight.scripts, ...weight.styles, ...fonts].map((a) => a.cacheControl))];

  const scripts = markdownTable(
    ["poem page JavaScript", "raw", "brotli (as sent)", "gzip (as sent)", ""],
    [
      ...weight.scripts.map((s) => row(`\`${s.path}\``, s)),
      row("inline scripts (route manifest, hydration data)", weight.inline, "compressed on their own; sent inside the HTML"),
      row("**total**", { raw: total(weight.scripts).raw + weight.inline.raw, ...weight.script }, "budget 120 KB compressed"),
    ],
  );
  const others = markdownTable(
    ["poem page, other", "raw", "brotli (as sent)", "gzip (as sent)", ""],
    [
      ...weight.styles.map((s) => row(`\`${s.path}\``, s)),
      row("**CSS total**", total(weight.styles)),
      row("HTML of the page", { br: weight.html.br, gzip: weight.html.gzip }, "pages go out gzip: their CSP nonce is spliced into a gzip template"),
      row(`woff2 fonts the styles name (${fonts.length} files, loaded only when a face is used)`, total(fonts)),
    ],
  );
  return `Small corpus (the sizes do not depend on it). Assets: Cache-Control \`${cacheControls.join("`, `")}\`; scripts and styles precompressed at build time (brotli 11, gzip 9).\n\n${scripts}\n\n${others}`;
}

export async function benchWeight(): Promise<string> {
  const database = await createAppDatabase(await smallCorpus(), { prefix: "poetry_bench_weight" });
  try {
    const app = await startAppProcess({ port: WEIGHT_PORT, databaseUrl: database.url });
    try {
      return appendResults("Page weight of the poem page (`npm run bench -- weight`)", await measure(app));
    } finally {
      await app.stop();
    }
  } finally {
    await database.drop();
  }
}
