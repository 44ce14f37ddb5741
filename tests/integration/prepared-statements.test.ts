import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type DB } from "~/server/db.server";
import { MAX_PREPARED, REUSABLE_PLAN } from "~/server/db/prepared-statements.server";
import { migrateToLatest } from "~/server/db/migrate.server";
import { search } from "~/server/models/search.server";
import { createScratchDatabase, type ScratchDatabase } from "../helpers/db";
import { searchOptions } from "../helpers/search";

/**
 * The pool's connections prepare the marked texts they keep running (prepared-statements.server.ts). PostgreSQL
 * only: PGlite has no pool and no wire protocol in between.
 */

const mark = sql.raw(REUSABLE_PLAN);

const base = process.env.DATABASE_URL;
let scratch: ScratchDatabase;
let db: DB;

beforeAll(async () => {
  if (!base) return;
  scratch = await createScratchDatabase(base, "poetry_prepared");
  // One connection, so every statement below meets the same backend.
  db = createDb({ databaseUrl: scratch.url, poolMax: 1 });
});
afterAll(async () => {
  await db?.destroy();
  await scratch?.drop();
});

async function preparedStatements(): Promise<{ statement: string; custom_plans: number; generic_plans: number }[]> {
  const { rows } = await sql<{ statement: string; custom_plans: number; generic_plans: number }>`
    select statement, custom_plans::int, generic_plans::int from pg_prepared_statements`.execute(db);
  return rows;
}

describe.skipIf(!base)("prepared statements", () => {
  it("prepares a marked text the second time it runs; PostgreSQL then plans it for its values five times", async () => {
    const answers: number[] = [];
    for (let k = 0; k < 8; k++) {
      const { rows } = await sql<{ n: number }>`${mark} select ${k}::int + 1 as n /* twice */`.execute(db);
      answers.push(rows[0].n);
    }
    expect(answers).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const [prepared] = (await preparedStatements()).filter((p) => p.statement.includes("/* twice */"));
    // Run unnamed once, then 7 times by name: five plans for the values, then a generic plan no dearer.
    expect(prepared).toMatchObject({ custom_plans: 5, generic_plans: 2 });
  });

  it("leaves alone an unmarked text, and a marked one run once", async () => {
    for (let i = 0; i < 3; i++) await sql`select ${i}::int as unmarked`.execute(db);
    await sql`${mark} select ${1}::int as once`.execute(db);
    const statements = (await preparedStatements()).map((p) => p.statement);
    expect(statements.some((s) => s.includes("as unmarked"))).toBe(false);
    expect(statements.some((s) => s.includes("as once"))).toBe(false);
  });

  it("lets the search statements settle on generic plans, a phrase's too", async () => {
    await migrateToLatest(db);
    for (let i = 0; i < 8; i++) await search(db, searchOptions(`night${"s".repeat(i % 2)}`));
    for (let i = 0; i < 8; i++) await search(db, searchOptions('"summer day"'));
    const groups = (await preparedStatements()).filter((p) => p.statement.includes("with cand as materialized"));
    const contents = groups.filter((p) => p.statement.includes("body_vector"));
    // Poets and poems are the same texts for both queries; the text statements differ by the phrase's branch.
    expect(groups).toHaveLength(4);
    expect(contents).toHaveLength(2);
    expect(contents.filter((p) => p.statement.includes("search_phrase_pairs"))).toHaveLength(1);
    for (const group of groups) expect(group.generic_plans).toBeGreaterThan(0);
  });

  it(`keeps at most ${MAX_PREPARED} a connection, dropping the least recently used`, async () => {
    const texts = MAX_PREPARED + 25;
    for (let i = 0; i < texts; i++) {
      for (let run = 0; run < 2; run++) await sql`${mark} select ${i}::int as ${sql.raw(`n_${i}`)}`.execute(db);
    }
    const statements = (await preparedStatements()).map((p) => p.statement);
    expect(statements.length).toBeLessThanOrEqual(MAX_PREPARED);
    expect(statements.some((s) => s.includes(`n_${texts - 1}`))).toBe(true);
    expect(statements.some((s) => s.includes("as n_0"))).toBe(false);
  });

  it("prepares a text again after a schema change made its plan unusable", async () => {
    await sql`create table reshaped (a int)`.execute(db);
    await sql`insert into reshaped values (1), (2)`.execute(db);
    const run = () => sql<Record<string, unknown>>`${mark} select * from reshaped where a > ${0} order by a`.execute(db);
    await run();
    expect((await run()).rows).toEqual([{ a: 1 }, { a: 2 }]);
    await sql`alter table reshaped add column b text default 'x'`.execute(db);
    // PostgreSQL refuses the old statement once ("cached plan must not change result type")…
    await expect(run()).rejects.toMatchObject({ code: "0A000" });
    // …and the next run prepares it anew.
    expect((await run()).rows).toEqual([
      { a: 1, b: "x" },
      { a: 2, b: "x" },
    ]);
  });
});
