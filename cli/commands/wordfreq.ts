import { Command } from "commander";
import { z } from "zod";
import { closeDb, configFromEnv, describeDb, getDb } from "~/server/db.server";
import { migrateToLatest } from "~/server/db/migrate.server";
import { wordFrequencyCacheDir } from "~/server/models/word-frequency.server";
import { refreshWordFrequencies, type WordFreqProgress, type WordFreqReport } from "../../pipeline/wordfreq";
import { action, parseOptions } from "../options";

const Options = z
  .object({
    progress: z.boolean().default(true),
    force: z.boolean().default(false),
  })
  .strict();

export function describeWordFreqReport(report: WordFreqReport): string {
  return [
    report.poetsCounted + report.poetsRemoved === 0
      ? "Word frequencies up to date: no poet's poems changed."
      : "Word frequencies counted:",
    `  poets        ${report.poetsCounted} counted, ${report.poetsUnchanged} unchanged, ${report.poetsRemoved} removed`,
    `  all poems    ${report.corpusRecounted ? `recounted: ${(report.corpusWords ?? 0).toLocaleString("en")} distinct words` : "unchanged"}`,
    `  caches       ${report.cacheFiles.length} file(s)${report.cacheFiles[0] ? ` in ${report.cacheFiles[0].replace(/\/[^/]+$/, "")}` : ""}`,
    `  ${(report.durationMs / 1000).toFixed(1)} s`,
  ].join("\n");
}

/** Plain progress lines on stderr: every 100 poets, and each later phase once. */
export function wordFreqProgressReporter(stream: NodeJS.WritableStream = process.stderr) {
  let lastPoets = -1;
  return (p: WordFreqProgress): void => {
    if (p.phase === "poets") {
      if (p.total > 0 && (p.done === p.total || p.done - lastPoets >= 100)) {
        lastPoets = p.done;
        stream.write(`  word frequencies: ${p.done}/${p.total} poets counted\n`);
      }
    } else if (p.done === 0 || (p.phase === "cache" && p.done === p.total)) {
      stream.write(p.phase === "corpus" ? "  word frequencies: totalling all poems\n" : "  word frequencies: caches written\n");
    }
  };
}

export function wordfreqCommand(): Command {
  return new Command("wordfreq")
    .description(
      "count the words of every poem per poet and for all poems (only poets whose poems changed are recounted) " +
        "and write the static all-poems caches served at /word-frequency/",
    )
    .option("--no-progress", "do not print progress")
    .option("--force", "recount every poet, changed or not")
    .addHelpText("after", "\nExamples:\n  npm run poetry -- wordfreq\n  npm run poetry -- wordfreq --force")
    .action(
      action(async (raw: unknown) => {
        const options = parseOptions(Options, raw);
        const db = getDb();
        try {
          await migrateToLatest(db);
          console.log(`Counting word frequencies in ${describeDb(configFromEnv())}`);
          const report = await refreshWordFrequencies(db, {
            cacheDir: wordFrequencyCacheDir(),
            force: options.force,
            onProgress: options.progress ? wordFreqProgressReporter() : undefined,
          });
          console.log(describeWordFreqReport(report));
        } finally {
          await closeDb();
        }
      }),
    );
}
