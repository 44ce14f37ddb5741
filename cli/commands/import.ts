import { Command } from "commander";
import { z } from "zod";
import { closeDb, configFromEnv, createDb, describeDb, setDb } from "~/server/db.server";
import { migrateToLatest } from "~/server/db/migrate.server";
import { env } from "~/server/env.server";
import { wordFrequencyCacheDir } from "~/server/models/word-frequency.server";
import { type ImportReport, runImport } from "../../pipeline/import";
import { action, parseOptions } from "../options";
import { createPgliteClusterApart } from "../pglite-cluster";
import { importProgressReporter } from "../progress";

const Options = z
  .object({
    progress: z.boolean().default(true),
    maxErrors: z.coerce.number().int().min(0).max(100_000).default(20),
  })
  .strict();

export function describeReport(report: ImportReport): string {
  const line = (name: string, c: ImportReport["poems"]) =>
    `  ${name.padEnd(12)} ${c.inserted} added, ${c.updated} updated, ${c.unchanged} unchanged`;
  const changed = [report.poets, report.poems, report.collections].some((c) => c.inserted + c.updated > 0);
  return [
    changed ? "Import finished:" : "Import finished: no changes (the database already matches the sources).",
    line("poets", report.poets),
    line("poems", report.poems),
    line("collections", report.collections),
    ...(report.wordFrequency
      ? [
          `  ${"words".padEnd(12)} ${report.wordFrequency.poetsCounted} poet(s) recounted, ` +
            `${report.wordFrequency.corpusWords ?? "unchanged"} distinct words in all poems`,
        ]
      : []),
    `  ${report.errors.length} bad record(s) skipped; ${(report.durationMs / 1000).toFixed(1)} s`,
  ].join("\n");
}

export function importCommand(): Command {
  return new Command("import")
    .description(
      "import poems, poets and collections: a corpus folder (poems.jsonl, poets.jsonl, collections.jsonl, " +
        "biographies.jsonl), a folder of Markdown poems with YAML front matter, or a PoetryDB-style JSON file",
    )
    .argument("[paths...]", "sources to import (default: the corpus in CORPUS_DIR, ../shared/corpus)")
    .option("--no-progress", "do not show the progress bar")
    .option("--max-errors <n>", "how many bad records to list (all are counted)", "20")
    .addHelpText(
      "after",
      "\nExamples:\n  npm run poetry -- import\n  npm run poetry -- import ../shared/corpus ./my-poems/\n  npm run poetry -- import poetrydb-export.json",
    )
    .action(
      action(async (paths: string[], raw: unknown) => {
        const options = parseOptions(Options, raw);
        // Opened with small Postgres memory settings: batch writes gain nothing from a large buffer pool.
        await createPgliteClusterApart(configFromEnv());
        const db = createDb({ ...configFromEnv(), pgliteLowMemory: true });
        setDb(db);
        try {
          await migrateToLatest(db);
          const sources = paths.length > 0 ? paths : [env().CORPUS_DIR];
          console.log(`Importing ${sources.join(", ")} into ${describeDb(configFromEnv())}`);
          const progress = importProgressReporter();
          const report = await runImport(db, {
            paths: sources,
            onProgress: options.progress ? progress.update : undefined,
            wordFrequencyCacheDir: wordFrequencyCacheDir(),
          });
          progress.stop();
          for (const e of report.errors.slice(0, options.maxErrors)) {
            console.error(`  ${e.file}:${e.line}: ${e.message}`);
          }
          if (report.errors.length > options.maxErrors) {
            console.error(`  … and ${report.errors.length - options.maxErrors} more`);
          }
          console.log(describeReport(report));
        } finally {
          await closeDb();
        }
      }),
    );
}
