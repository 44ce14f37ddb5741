import cron from "node-cron";
import type { DB } from "../db.server";
import { type PassReport, runPushPass } from "./scheduler.server";
import { vapidKeys } from "./vapid.server";

export interface PushScheduler {
  stop(): Promise<void>;
}

export function describePass(report: PassReport): string {
  return `push: ${report.due} due, ${report.sent} sent, ${report.skipped} skipped, ${report.removed} removed, ${report.failed} failed, ${report.deferred} deferred`;
}

/**
 * Runs a pass at the start of every minute (node-cron; a pass still running when the next minute starts makes
 * that minute's run skip rather than overlap). Logs a line only when something was due.
 */
export function startPushScheduler(db: DB, log: (line: string) => void): PushScheduler {
  const vapid = vapidKeys();
  let running: Promise<unknown> = Promise.resolve();
  const task = cron.schedule(
    "* * * * *",
    async () => {
      const pass = runPushPass(db, { vapid });
      running = pass.catch(() => undefined);
      try {
        const report = await pass;
        if (report.due > 0) log(describePass(report));
      } catch (error) {
        log(`push: pass failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    },
    { name: "poetry-push", noOverlap: true },
  );
  return {
    async stop() {
      await task.stop();
      await task.destroy();
      // The pass in flight finishes its sends and records them before the database closes.
      await running;
    },
  };
}
