// First, before anything that loads React (see the module).
import "./production-default";
import { pathToFileURL } from "node:url";
import { Command } from "commander";
import { audioCommand } from "./commands/audio";
import { exportCommand } from "./commands/export";
import { importCommand } from "./commands/import";
import { migrateCommand } from "./commands/migrate";
import { pushCommand } from "./commands/push";
import { scheduleCommand } from "./commands/schedule";
import { serveCommand } from "./commands/serve";
import { vapidCommand } from "./commands/vapid";
import { wordfreqCommand } from "./commands/wordfreq";

/** Builds the `poetry` program; tests call this and parse their own argv. */
export function buildProgram(): Command {
  return new Command("poetry")
    .description("Poetry Commons: manage the database, import the corpus and serve the site")
    .showHelpAfterError()
    .addCommand(migrateCommand())
    .addCommand(importCommand())
    .addCommand(scheduleCommand())
    .addCommand(serveCommand())
    .addCommand(wordfreqCommand())
    .addCommand(pushCommand())
    .addCommand(vapidCommand())
    .addCommand(audioCommand())
    .addCommand(exportCommand());
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await buildProgram().parseAsync(process.argv);
}
