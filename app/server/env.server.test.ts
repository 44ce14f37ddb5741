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

  it("reads SESSION_SECRET as one or more secrets of at least 32 characters", () => {
    expect(parseEnv({}).SESSION_SECRET).toBeUndefined();
    expect(parseEnv({ SESSION_SECRET: "" }).SESSION_SECRET).toBeUndefined();
    const a = "a".repeat(32);
    const b = "b".repeat(40);
    expect(parseEnv({ SESSION_SECRET: a }).SESSION_SECRET).toEqual([a]);
    expect(parseEnv({ SESSION_SECRET: ` ${a} , ${b} ` }).SESSION_SECRET).toEqual([a, b]);
    expect(() => parseEnv({ SESSION_SECRET: "short" })).toThrow(/SESSION_SECRET\S*: each secret must be at least 32/);
    expect(() => parseEnv({ SESSION_SECRET: `${a},short` })).toThrow(/SESSION_SECRET/);
  });

  it("reads TRUST_PROXY as express's trust proxy setting", () => {
    expect(parseEnv({}).TRUST_PROXY).toBeUndefined();
    expect(parseEnv({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(true);
    expect(parseEnv({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: "loopback, 10.0.0.0/8" }).TRUST_PROXY).toBe("loopback, 10.0.0.0/8");
  });

  it("reads the /api rate limit: 600 calls per 60 seconds by default, 0 turns it off", () => {
    expect(parseEnv({})).toMatchObject({ API_RATE_LIMIT: 600, API_RATE_LIMIT_WINDOW: 60 });
    expect(parseEnv({ API_RATE_LIMIT: "0", API_RATE_LIMIT_WINDOW: "3600" })).toMatchObject({
      API_RATE_LIMIT: 0,
      API_RATE_LIMIT_WINDOW: 3600,
    });
    expect(() => parseEnv({ API_RATE_LIMIT: "-1" })).toThrow(/API_RATE_LIMIT/);
    expect(() => parseEnv({ API_RATE_LIMIT: "lots" })).toThrow(/API_RATE_LIMIT/);
    expect(() => parseEnv({ API_RATE_LIMIT_WINDOW: "0" })).toThrow(/API_RATE_LIMIT_WINDOW/);
  });
});
