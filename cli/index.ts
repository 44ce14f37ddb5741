import { pathToFileURL } from "node:url";
import { Command } from "commander";
import { migrateCommand } from "./commands/migrate";

/** Builds the `poetry` program; tests call this and parse their own argv. */
export function buildProgram(): Command {
  return new Command("poetry")
    .description("Poetry Commons: manage the database, import the corpus and serve the site")
    .showHelpAfterError()
    .addCommand(migrateCommand());
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await buildProgram().parseAsync(process.argv);
}
