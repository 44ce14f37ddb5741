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
    expect(parseEnv({ TRUST_PROXY: "192.0.2.10,2001:db8::/32,uniquelocal" }).TRUST_PROXY).toBe("192.0.2.10,2001:db8::/32,uniquelocal");
  });

  it("refuses a TRUST_PROXY express would misread (a typo would trust nothing, a bad subnet throws later)", () => {
    for (const bad of ["yes", "loopbak", "10.0.0.0/33", "10.0.0/8", "nginx.internal", "1.2.3.4/8/1", "127.0.0.1,"]) {
      expect(() => parseEnv({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY: must be true, false, a hop count/);
    }
  });

  it("reads REDIS_URL, its key prefix and the scheduler switch", () => {
    expect(parseEnv({}).REDIS_URL).toBeUndefined();
    expect(parseEnv({})).toMatchObject({ REDIS_KEY_PREFIX: "poetry-commons:", SCHEDULER: true });
    expect(parseEnv({ REDIS_URL: "redis://127.0.0.1:6379/2", REDIS_KEY_PREFIX: "site-a:", SCHEDULER: "false" })).toMatchObject({
      REDIS_URL: "redis://127.0.0.1:6379/2",
      REDIS_KEY_PREFIX: "site-a:",
      SCHEDULER: false,
    });
    expect(parseEnv({ REDIS_URL: "rediss://:secret@cache.example:6380" }).REDIS_URL).toBe("rediss://:secret@cache.example:6380");
    expect(() => parseEnv({ REDIS_URL: "http://127.0.0.1:6379" })).toThrow(/REDIS_URL: must be a redis:\/\/ or rediss:\/\/ URL/);
    expect(() => parseEnv({ REDIS_KEY_PREFIX: "a b" })).toThrow(/REDIS_KEY_PREFIX/);
    expect(() => parseEnv({ SCHEDULER: "off" })).toThrow(/SCHEDULER/);
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

  it("validates the contact form and OpenID Connect settings together", () => {
    expect(parseEnv({}).CONTACT_ENABLED).toBe(true);
    expect(parseEnv({ CONTACT_ENABLED: "false" }).CONTACT_ENABLED).toBe(false);
    expect(() => parseEnv({ CONTACT_ENABLED: "no" })).toThrow(/CONTACT_ENABLED/);
    expect(() => parseEnv({ SMTP_URL: "smtp://127.0.0.1:25" })).toThrow(/CONTACT_TO: is required when SMTP_URL is set/);
    expect(() => parseEnv({ SMTP_URL: "http://x", CONTACT_TO: "a@b.org" })).toThrow(/SMTP_URL: must be an smtp/);
    expect(parseEnv({ SMTP_URL: "smtps://u:p@mail.example.org", CONTACT_TO: "a@b.org" }).CONTACT_TO).toBe("a@b.org");
    expect(() => parseEnv({ OIDC_ISSUER: "https://id.example.org" })).toThrow(/OIDC_CLIENT_ID: is required[\s\S]*OIDC_CLIENT_SECRET/);
    const oidc = parseEnv({ OIDC_ISSUER: "https://id.example.org", OIDC_CLIENT_ID: "poetry", OIDC_CLIENT_SECRET: "s3cret" });
    expect(oidc.OIDC_NAME).toBe("OpenID Connect");
  });
});

describe("VAPID and push scheduler settings", () => {
  const publicKey = `B${"A".repeat(86)}`;
  const privateKey = "A".repeat(43);

  it("accepts a key pair, a subject and the scheduler flag", () => {
    const env = parseEnv({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey, VAPID_SUBJECT: "mailto:ops@example.org", PUSH_SCHEDULER: "true" });
    expect(env).toMatchObject({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey, PUSH_SCHEDULER: true });
    expect(parseEnv({}).PUSH_SCHEDULER).toBe(false);
  });

  it("names a half-set pair, a malformed key, a bad subject and a bad flag", () => {
    expect(() => parseEnv({ VAPID_PUBLIC_KEY: publicKey })).toThrow(/VAPID_PRIVATE_KEY: .*together/);
    expect(() => parseEnv({ VAPID_PUBLIC_KEY: "abc", VAPID_PRIVATE_KEY: privateKey })).toThrow(/VAPID_PUBLIC_KEY: must be a base64url/);
    expect(() => parseEnv({ VAPID_SUBJECT: "http://example.org" })).toThrow(/VAPID_SUBJECT: must be a mailto/);
    expect(() => parseEnv({ PUSH_SCHEDULER: "yes" })).toThrow(/PUSH_SCHEDULER/);
  });
});
