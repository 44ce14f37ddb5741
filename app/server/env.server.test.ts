import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env.server";

describe("parseEnv", () => {
  it("applies the documented defaults", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, SITE_NAME: "Poetry Commons", DATABASE_POOL_MAX: 10 });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.PGLITE_DIR).toMatch(/data\/pglite$/);
    expect(env.CORPUS_DIR).toMatch(/shared\/corpus$/);
  });

  it("treats empty values as unset", () => {
    const env = parseEnv({ DATABASE_URL: "", SITE_URL: "" });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SITE_URL).toBeUndefined();
  });

  it("names every bad variable in one clear message", () => {
    expect(() => parseEnv({ PORT: "eighty", DATABASE_URL: "mysql://x", SITE_NAME: "  " })).toThrow(EnvError);
    try {
      parseEnv({ PORT: "eighty", DATABASE_URL: "mysql://x", SITE_NAME: "  " });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toMatch(/^Invalid environment configuration:/);
      expect(message).toMatch(/PORT:/);
      expect(message).toMatch(/DATABASE_URL: must be a postgres:\/\//);
      expect(message).toMatch(/SITE_NAME:/);
    }
  });

  it("accepts a PostgreSQL URL and a custom site name", () => {
    expect(parseEnv({ DATABASE_URL: "postgres://u@h:5432/db", SITE_NAME: "Verse" })).toMatchObject({
      DATABASE_URL: "postgres://u@h:5432/db",
      SITE_NAME: "Verse",
    });
  });
});
