import path from "node:path";
import { Command } from "commander";
import { z } from "zod";
import { closeDb, configFromEnv, describeDb, getDb } from "~/server/db.server";
import { migrateToLatest } from "~/server/db/migrate.server";
import { env } from "~/server/env.server";
import { exportEpub } from "~/server/export/epub-export.server";
import { exportCorpusFolder } from "~/server/export/jsonl-export.server";
import { exportPoetryDbFile } from "~/server/export/poetrydb-export.server";
import { type ExportScope, ExportScopeError, resolveScope } from "~/server/models/export.server";
import { action, parseOptions, UsageError } from "../options";
import { exportProgressReporter } from "../progress";

const Options = z
  .object({
    format: z.enum(["jsonl", "poetrydb", "epub"], { error: "must be jsonl, poetrydb or epub" }),
    poet: z.string().trim().min(1, "must name a poet's directory").optional(),
    collection: z.string().trim().min(1, "must name a collection id").optional(),
    out: z.string().trim().min(1, "must be a path").optional(),
    progress: z.boolean().default(true),
  })
  .strict()
  .refine((o) => !(o.poet && o.collection), { message: "give --poet or --collection, not both", path: ["collection"] })
  .refine((o) => o.format !== "epub" || o.poet || o.collection, {
    message: "an EPUB needs --poet or --collection",
    path: ["format"],
  });

export type ExportOptions = z.input<typeof Options>;

function scopeOf(options: z.infer<typeof Options>): ExportScope {
  if (options.poet) return { kind: "poet", directory: options.poet };
  if (options.collection) return { kind: "collection", id: options.collection };
  return { kind: "all" };
}

/** Where the export goes when --out is not given: named after the scope, in the current folder. */
export function defaultOutPath(options: { format: string; poet?: string; collection?: string }): string {
  const stem = options.poet ?? options.collection ?? "poetry-commons";
  if (options.format === "jsonl") return `${stem}-corpus`;
  if (options.format === "poetrydb") return `${stem}.poetrydb.json`;
  return `${stem}.epub`;
}

const log = (line: string) => process.stdout.write(`${line}\n`);

/** Runs one export; the command's action and tests call it. Returns what was written where. */
export async function runExport(raw: ExportOptions): Promise<{ out: string; poems: number }> {
  const options = parseOptions(Options, raw);
  const out = path.resolve(options.out ?? defaultOutPath(options));
  const db = getDb();
  await migrateToLatest(db);
  let scope;
  try {
    scope = await resolveScope(db, scopeOf(options));
  } catch (error) {
    if (error instanceof ExportScopeError) throw new UsageError(error.message);
    throw error;
  }
  log(`Exporting ${options.format} from ${describeDb(configFromEnv())} to ${out}`);
  const progress = options.progress ? exportProgressReporter() : null;
  const siteName = env().SITE_NAME;
  try {
    if (options.format === "jsonl") {
      const counts = await exportCorpusFolder(db, scope, out, { siteName, onProgress: progress?.update });
      progress?.stop();
      log(`Wrote ${counts.poems} poems, ${counts.poets} poets and ${counts.collections} collections (${counts.files.join(", ")}).`);
      return { out, poems: counts.poems };
    }
    if (options.format === "poetrydb") {
      const result = await exportPoetryDbFile(db, scope, out, { onProgress: progress?.update });
      progress?.stop();
      log(`Wrote ${result.poems} poems.`);
      return { out, poems: result.poems };
    }
    const result = await exportEpub(db, scope, out, { siteName, onProgress: progress?.update });
    progress?.stop();
    log(`Wrote "${result.title}": ${result.poems} poems.`);
    return { out, poems: result.poems };
  } finally {
    progress?.stop();
  }
}

export function exportCommand(): Command {
  return new Command("export")
    .description("write the whole corpus, one poet or one collection as a corpus folder (JSON Lines), PoetryDB JSON or an EPUB")
    .requiredOption("-f, --format <format>", "jsonl (a corpus folder `poetry import` reads), poetrydb (a JSON array) or epub")
    .option("--poet <directory>", "only this poet (the directory in /authors/<directory>) and the poet's books")
    .option("--collection <id>", "only this collection (the id in /collections/<id>)")
    .option("-o, --out <path>", "where to write (a folder for jsonl); default named after what is exported")
    .option("--no-progress", "do not print progress")
    .addHelpText(
      "after",
      "\nExamples:\n  npm run poetry -- export --format jsonl --out ./corpus-copy\n" +
        "  npm run poetry -- export --format poetrydb --poet emily-dickinson\n" +
        "  npm run poetry -- export --format epub --collection a-shropshire-lad --out shropshire.epub",
    )
    .action(
      action(async (raw: unknown) => {
        try {
          await runExport(raw as ExportOptions);
        } finally {
          await closeDb();
        }
      }),
    );
}
