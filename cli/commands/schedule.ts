import { Command } from "commander";
import { z } from "zod";
import { addDays, parseIsoDate, todayIn } from "~/lib/daily-date";
import { closeDb, configFromEnv, describeDb, getDb } from "~/server/db.server";
import { migrateToLatest } from "~/server/db/migrate.server";
import { DEFAULT_PINS_FILE, describeSchedule, readPins, runSchedule } from "../../pipeline/schedule";
import { action, parseOptions } from "../options";

const Options = z
  .object({
    from: z
      .string()
      .trim()
      .refine((d) => d === "today" || parseIsoDate(d) !== null, "must be a real day written YYYY-MM-DD, or 'today'")
      .default("today"),
    days: z.coerce.number({ error: "must be a whole number" }).int("must be a whole number").min(1).max(3660).default(30),
    pins: z.string().trim().min(1).default(DEFAULT_PINS_FILE),
  })
  .strict();

export function scheduleCommand(): Command {
  return new Command("schedule")
    .description(
      "plan the poem of the day: pinned dates (corpus/daily-pins.json) keep their poem, other dates get an " +
        "automatic pick (4 to 60 lines, no poem twice within 365 days, no poet twice within 7 days); days already scheduled are kept",
    )
    .option("--from <date>", "first date, YYYY-MM-DD or 'today' (UTC)", "today")
    .option("--days <n>", "how many days to fill", "30")
    .option("--pins <file>", "pinned dates (default: corpus/daily-pins.json)")
    .addHelpText(
      "after",
      "\nExamples:\n  npm run poetry -- schedule\n  npm run poetry -- schedule --from 2026-12-01 --days 31",
    )
    .action(
      action(async (raw: unknown) => {
        const options = parseOptions(Options, raw);
        const from = options.from === "today" ? todayIn("UTC") : parseIsoDate(options.from)!;
        const pins = readPins(options.pins);
        const db = getDb();
        try {
          await migrateToLatest(db);
          console.log(`Scheduling ${from} to ${addDays(from, options.days - 1)} in ${describeDb(configFromEnv())}`);
          const report = await runSchedule(db, { from, days: options.days, pins });
          console.log(describeSchedule(report));
          if (report.skippedPins.length > 0 || report.empty.length > 0) process.exitCode = 1;
        } finally {
          await closeDb();
        }
      }),
    );
}
