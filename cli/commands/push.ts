import { Command } from "commander";
import { z } from "zod";
import { closeDb, configFromEnv, describeDb, getDb } from "~/server/db.server";
import { migrateToLatest } from "~/server/db/migrate.server";
import { describePass, startPushScheduler } from "~/server/push/cron.server";
import { runPushPass } from "~/server/push/scheduler.server";
import { vapidKeys } from "~/server/push/vapid.server";
import { action, parseOptions } from "../options";

const Options = z.object({ once: z.boolean().default(false) }).strict();

const log = (line: string) => process.stdout.write(`${line}\n`);

export function pushCommand(): Command {
  return new Command("push")
    .description(
      "send the daily-poem push notifications: every minute, each subscription whose reader's chosen time has come " +
        "gets that day's poem once (safe to run in several processes at once)",
    )
    .option("--once", "run one pass now and exit (for tests or an external cron)")
    .addHelpText("after", "\nExamples:\n  npm run poetry -- push\n  npm run poetry -- push --once")
    .action(
      action(async (raw: unknown) => {
        const options = parseOptions(Options, raw);
        const db = getDb();
        try {
          await migrateToLatest(db);
          if (options.once) {
            const report = await runPushPass(db, { vapid: vapidKeys() });
            log(describePass(report));
            if (report.failed > 0) process.exitCode = 1;
            return;
          }
          log(`Push scheduler running every minute on ${describeDb(configFromEnv())} (Ctrl-C stops it)`);
          const scheduler = startPushScheduler(db, log);
          await new Promise<void>((resolve) => {
            process.once("SIGINT", resolve);
            process.once("SIGTERM", resolve);
          });
          await scheduler.stop();
        } finally {
          await closeDb();
        }
      }),
    );
}
