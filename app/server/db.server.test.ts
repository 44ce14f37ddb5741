import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createDb, type DB, preparesStatements } from "./db.server";

describe("preparesStatements", () => {
  // The pool connects lazily: nothing here reaches a server.
  const db = createDb({ databaseUrl: "postgres://nobody@127.0.0.1:1/none" });
  afterAll(() => db.destroy());

  it("is true for a PostgreSQL instance made by createDb, false for any other", () => {
    expect(preparesStatements(db)).toBe(true);
    const other: DB = new Kysely({ dialect: new PostgresDialect({ pool: new pg.Pool() }) });
    expect(preparesStatements(other)).toBe(false);
  });

  it("answers the same in another copy of the module, as the server bundle asks about the CLI's instance", async () => {
    // `poetry serve` opens the database with the CLI's modules and hands it to the bundle (setDb); a second
    // import under another URL is a second copy of the module, as the bundle is.
    const secondCopy = new URL("./db.server.ts?second-copy", import.meta.url).href;
    const copy = (await import(/* @vite-ignore */ secondCopy)) as typeof import("./db.server");
    expect(copy.preparesStatements).not.toBe(preparesStatements);
    expect(copy.preparesStatements(db)).toBe(true);
  });
});
