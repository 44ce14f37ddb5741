import { readdir } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { type Migration, type MigrationProvider, type MigrationResultSet, Migrator, sql } from "kysely";
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

export function migrator(db: DB, dir: string = MIGRATIONS_DIR): Migrator {
  return new Migrator({ db, provider: new FolderMigrationProvider(dir) });
}

export class MigrationFailed extends Error {}

/**
 * Brings the schema up to date; throws with the failing migration's name.
 *
 * A database may also be ahead of this code: during a rolling deploy the new release's migrations are applied
 * while processes of the previous release still run (and may restart), and after a rollback. Kysely calls
 * that "corrupted migrations" and refuses to start; here, when every migration this code has is applied, the
 * newer ones are reported to `onAhead` and nothing is done: migrations are written expand/contract, so the
 * previous release works on the newer schema (docs/deploy.md).
 */
export async function migrateToLatest(
  db: DB,
  { onAhead, dir = MIGRATIONS_DIR }: { onAhead?: (names: string[]) => void; dir?: string } = {},
): Promise<NonNullable<MigrationResultSet["results"]>> {
  const m = migrator(db, dir);
  const known = await m.getMigrations();
  if (known.length > 0 && known.every((migration) => migration.executedAt)) {
    const names = new Set(known.map((migration) => migration.name));
    const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
    const ahead = rows.map((row) => row.name).filter((name) => !names.has(name));
    if (ahead.length > 0) onAhead?.(ahead);
    return [];
  }
  const { error, results = [] } = await m.migrateToLatest();
  if (error) {
    const failed = results.find((r) => r.status === "Error");
    const cause = error instanceof Error ? error.message : String(error);
    throw new MigrationFailed(`Migration ${failed?.migrationName ?? "(unknown)"} failed: ${cause}`);
  }
  return results;
}
