import { readdir } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { type Migration, type MigrationProvider, type MigrationResultSet, Migrator } from "kysely";
import type { DB } from "../db.server";
import { PROJECT_ROOT } from "../env.server";

export const MIGRATIONS_DIR = path.join(PROJECT_ROOT, "migrations");

/** Loads every date-prefixed migration file in the folder, in name order. */
class FolderMigrationProvider implements MigrationProvider {
  constructor(private readonly dir: string) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    const files = (await readdir(this.dir)).filter((f) => /^\d{4}-\d{2}-\d{2}.*\.(ts|js)$/.test(f)).sort();
    const migrations: Record<string, Migration> = {};
    for (const file of files) {
      const mod = (await import(pathToFileURL(path.join(this.dir, file)).href)) as Migration;
      migrations[file.replace(/\.(ts|js)$/, "")] = { up: mod.up, down: mod.down };
    }
    return migrations;
  }
}

export function migrator(db: DB, dir = MIGRATIONS_DIR): Migrator {
  return new Migrator({ db, provider: new FolderMigrationProvider(dir) });
}

export class MigrationFailed extends Error {}

/** Brings the schema up to date; throws with the failing migration's name. */
export async function migrateToLatest(db: DB): Promise<NonNullable<MigrationResultSet["results"]>> {
  const { error, results = [] } = await migrator(db).migrateToLatest();
  if (error) {
    const failed = results.find((r) => r.status === "Error");
    const cause = error instanceof Error ? error.message : String(error);
    throw new MigrationFailed(`Migration ${failed?.migrationName ?? "(unknown)"} failed: ${cause}`);
  }
  return results;
}
