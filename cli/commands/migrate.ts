import { Command } from "commander";
import { z } from "zod";
import { closeDb, configFromEnv, describeDb, getDb } from "~/server/db.server";
import { migrateToLatest } from "~/server/db/migrate.server";
import { action, parseOptions } from "../options";

const Options = z.object({}).strict();

export function migrateCommand(): Command {
  return new Command("migrate")
    .description("bring the database schema up to date (runs every pending migration in migrations/)")
    .addHelpText("after", "\nExample:\n  npm run poetry -- migrate\n  DATABASE_URL=postgres://localhost/poetry npm run poetry -- migrate")
    .action(
      action(async (raw: unknown) => {
        parseOptions(Options, raw);
        const db = getDb();
        try {
          const target = describeDb(configFromEnv());
          let ahead: string[] = [];
          const results = await migrateToLatest(db, { onAhead: (names) => (ahead = names) });
          if (ahead.length > 0) console.log(`${target}: nothing to apply; newer migrations are applied too (${ahead.join(", ")}).`);
          else if (results.length === 0) console.log(`${target}: schema already up to date.`);
          for (const r of results) console.log(`${target}: applied ${r.migrationName}`);
        } finally {
          await closeDb();
        }
      }),
    );
}
