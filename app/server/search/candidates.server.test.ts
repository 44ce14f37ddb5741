import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from "kysely";
import { describe, expect, it } from "vitest";
import { contentsMatches, exactPoems, exactPoets, fuzzyPoems } from "./candidates.server";
import { parseSearchText } from "./query-text";

// Compiles without a database: only the SQL text is looked at.
const compiler = new Kysely<never>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

function statements(q: string, reusablePlan: boolean): string[] {
  const ctx = { query: parseSearchText(q), period: undefined, reusablePlan };
  const fields = { title: true, author: true };
  return [exactPoets(ctx), exactPoems(ctx, fields), fuzzyPoems(ctx, fields), contentsMatches(ctx)].map(
    (candidates) => candidates!.rows.compile(compiler).sql,
  );
}

describe("values computed from the parameters", () => {
  it("are scalar subqueries, evaluated once, in statements that may run from a generic plan", () => {
    for (const text of statements("the curfew tolls the nell", true)) {
      const once = /\(select (search_opening_words\()?(to_tsquery|search_fold)\(/g;
      expect(text).toMatch(once);
      expect(text.replace(once, "")).not.toMatch(/(to_tsquery|search_fold)\(/);
    }
  });

  it("stay inline where every statement is planned for its words (PGlite)", () => {
    for (const text of statements("the curfew tolls the nell", false)) {
      expect(text).toMatch(/(to_tsquery|search_fold)\(/);
      expect(text).not.toMatch(/\(select (to_tsquery|search_fold|search_opening_words)\(/);
    }
  });
});
