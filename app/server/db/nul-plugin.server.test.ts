import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { NUL_REPLACEMENT, NulPlugin, withoutNul } from "./nul-plugin.server";

const db = new Kysely<{ poems: { id: string; slug: string; meta: unknown } }>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
  plugins: [new NulPlugin()],
});

describe("NulPlugin", () => {
  it("replaces NUL in every kind of parameter, leaving other values alone", () => {
    // The fuzzer's shrunk counterexample: GET /collections/%00 (and /api/poems/%00, /poems/%00, ...) was a 500.
    const query = db
      .selectFrom("poems")
      .select("id")
      .where("slug", "=", "\0")
      .where("id", "in", ["a\0b", "c"])
      .where(sql<boolean>`meta @> ${{ k: "x\0" }}`)
      .where("id", "!=", sql<string>`${"y\0"}`)
      .compile();
    expect(query.parameters).toEqual([NUL_REPLACEMENT, `a${NUL_REPLACEMENT}b`, "c", { k: `x${NUL_REPLACEMENT}` }, `y${NUL_REPLACEMENT}`]);
    expect(db.insertInto("poems").values({ id: "1", slug: "s\0", meta: null }).compile().parameters).toEqual(["1", `s${NUL_REPLACEMENT}`, null]);
  });

  it("keeps non-string values and class instances as they are", () => {
    const date = new Date(0);
    expect(withoutNul(date)).toBe(date);
    expect(withoutNul(7)).toBe(7);
    expect(withoutNul(["\0", { "\0": ["\0"] }])).toEqual([NUL_REPLACEMENT, { [NUL_REPLACEMENT]: [NUL_REPLACEMENT] }]);
  });
});
