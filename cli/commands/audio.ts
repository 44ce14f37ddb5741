import { Command } from "commander";
import { z } from "zod";
import { addDays, parseIsoDate, todayIn } from "~/lib/daily-date";
import { closeDb, configFromEnv, describeDb, getDb } from "~/server/db.server";
import { migrateToLatest } from "~/server/db/migrate.server";
import { type AudioReport, checkAudioTools, renderDailyAudio } from "../../pipeline/daily-audio";
import { action, parseOptions } from "../options";
import { countProgressReporter } from "../progress";

const day = z
  .string()
  .trim()
  .refine((d) => d === "today" || parseIsoDate(d) !== null, "must be a real day written YYYY-MM-DD, or 'today'");

const Options = z
  .object({
    date: day.optional(),
    from: day.optional(),
    days: z.coerce.number({ error: "must be a whole number" }).int("must be a whole number").min(1).max(3660).optional(),
    force: z.boolean().default(false),
    progress: z.boolean().default(true),
  })
  .strict()
  .refine((o) => !(o.date && (o.from || o.days)), { message: "give either --date, or --from with --days", path: ["date"] });

function describeAudio(report: AudioReport): string {
  const lines = [`  written            ${report.written.length}`];
  lines.push(`  already there      ${report.existing.length}${report.existing.length ? " (--force renders them again)" : ""}`);
  if (report.unscheduled.length > 0) {
    lines.push(`  no poem scheduled  ${report.unscheduled.length}: ${report.unscheduled.join(", ")} (run \`poetry schedule\` first)`);
  }
  return lines.join("\n");
}

export function audioCommand(): Command {
  return new Command("audio")
    .description(
      "read the poem of the day aloud (espeak-ng) and encode it (lame) to public/audio/daily/{yyyy}-{mm}-{dd}.mp3: " +
        "title and poet first, pauses at line and stanza ends; days whose file exists are skipped",
    )
    .option("--date <date>", "one day, YYYY-MM-DD or 'today' (UTC)")
    .option("--from <date>", "first day of a run, YYYY-MM-DD or 'today' (UTC)")
    .option("--days <n>", "how many days from --from (default 30)")
    .option("--force", "render again days that already have a file")
    .option("--no-progress", "do not print progress")
    .addHelpText(
      "after",
      "\nNeeds Debian's espeak-ng and lame packages (sudo apt-get install espeak-ng lame).\n" +
        "\nExamples:\n  npm run poetry -- audio --date today\n  npm run poetry -- audio --from 2026-12-01 --days 31 --force",
    )
    .action(
      action(async (raw: unknown) => {
        const options = parseOptions(Options, raw);
        checkAudioTools();
        const resolve = (d: string) => (d === "today" ? todayIn("UTC") : parseIsoDate(d)!);
        const first = resolve(options.date ?? options.from ?? "today");
        const count = options.date ? 1 : (options.days ?? (options.from ? 30 : 1));
        const dates = Array.from({ length: count }, (_, i) => addDays(first, i));
        const db = getDb();
        let report: AudioReport;
        try {
          await migrateToLatest(db);
          process.stdout.write(`Recording ${first}${count > 1 ? ` to ${dates.at(-1)}` : ""} from ${describeDb(configFromEnv())}\n`);
          const progress = options.progress && count > 1 ? countProgressReporter("recordings", count) : null;
          report = await renderDailyAudio(db, dates, { force: options.force, onDone: progress?.tick }).finally(
            () => progress?.stop(),
          );
          process.stdout.write(`${describeAudio(report)}\n`);
        } finally {
          await closeDb();
        }
        // Set after closing: PGlite's runtime resets the exit code when it shuts down.
        if (report.unscheduled.length > 0) process.exitCode = 1;
      }),
    );
}
