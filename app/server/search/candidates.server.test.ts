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
  const queries = ["the curfew tolls the nell", '"summer day" "the sea" love'];

  it("are scalar subqueries, evaluated once, in statements that may run from a generic plan", () => {
    for (const text of queries.flatMap((q) => statements(q, true))) {
      const once = /\(select (search_opening_words\()?(to_tsquery|search_fold|search_phrase_pairs)\(/g;
      expect(text).toMatch(once);
      expect(text.replace(once, "")).not.toMatch(/(to_tsquery|search_fold)\(/);
    }
  });

  it("stay inline where every statement is planned for its words (PGlite)", () => {
    for (const text of queries.flatMap((q) => statements(q, false))) {
      expect(text).toMatch(/(to_tsquery|search_fold)\(/);
      expect(text).not.toMatch(/\(select (to_tsquery|search_fold|search_opening_words|search_phrase_pairs)\(/);
    }
  });

  it("look up all of a query's phrase pairs in one array", () => {
    const [text] = statements('"summer day" "the sea" love', true).filter((t) => t.includes("search_pairs"));
    expect(text).toMatch(/search_pairs\(body_vector\) @> \(select \(search_phrase_pairs\(\$\d+\) \|\| search_phrase_pairs\(\$\d+\)\)\)/);
    // Without the subquery too: @> and || bind alike, left to right.
    const [inline] = statements('"summer day" "the sea" love', false).filter((t) => t.includes("search_pairs"));
    expect(inline).toMatch(/search_pairs\(body_vector\) @> \(search_phrase_pairs\(\$\d+\) \|\| search_phrase_pairs\(\$\d+\)\)/);
  });
});
