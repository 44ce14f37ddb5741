import { afterAll, beforeAll, describe, expect, test } from "vitest";
import * as start from "~/routes/auth.oidc";
import * as callback from "~/routes/auth.oidc.callback";
import type { IdTokenClaims } from "~/server/auth/oidc/id-token.server";
import { accountForClaims, firstNameFromClaims } from "~/server/auth/oidc/oidc-account.server";
import { OidcError, type OidcSettings } from "~/server/auth/oidc/oidc.server";
import { type DB, setDb } from "~/server/db.server";
import { reloadEnv } from "~/server/env.server";
import { createUser } from "~/server/models/user.server";
import { identitiesOf } from "~/server/models/user-identity.server";
import { get, run } from "../helpers/accounts";
import { createTestDb, type TestDb } from "../helpers/db";

let testDb: TestDb;
let db: DB;

const SETTINGS: OidcSettings = { issuer: "http://127.0.0.1:4999", clientId: "poetry", clientSecret: "secret", name: "Test Provider" };

beforeAll(async () => {
  testDb = await createTestDb();
  db = testDb.db;
  setDb(db);
});

afterAll(async () => {
  for (const name of ["OIDC_ISSUER", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET", "OIDC_NAME"]) delete process.env[name];
  reloadEnv();
  await testDb?.destroy();
});

const claims = (sub: string, extra: Partial<IdTokenClaims> = {}): IdTokenClaims => ({
  iss: SETTINGS.issuer,
  sub,
  aud: "poetry",
  exp: 0,
  iat: 0,
  ...extra,
});

describe("accounts for OpenID Connect users", () => {
  test("creates an account without a password on the first sign-in, then finds it by issuer and subject", async () => {
    const first = await accountForClaims(db, SETTINGS, claims("s-1", { email: "Olive@Example.org", given_name: "Olive" }), null);
    expect(first).toMatchObject({ email: "Olive@Example.org", first_name: "Olive", password_hash: null });
    // A changed email at the provider still finds the same account: the subject is what identifies.
    const again = await accountForClaims(db, SETTINGS, claims("s-1", { email: "olive.new@example.org" }), null);
    expect(again.id).toBe(first.id);
    expect(await identitiesOf(db, first.id)).toEqual([{ issuer: SETTINGS.issuer, subject: "s-1" }]);
    // The same subject from another issuer is another person.
    await expect(accountForClaims(db, { ...SETTINGS, issuer: "http://other" }, { ...claims("s-1"), iss: "http://other", email: "x@example.org" }, null)).resolves.not.toMatchObject({ id: first.id });
  });

  test("never takes over an existing account by email; links it only when its owner is signed in", async () => {
    const owner = await createUser(db, { email: "ada@example.org", passwordHash: "scrypt$x", firstName: "Ada" });
    const takeover = accountForClaims(db, SETTINGS, claims("attacker", { email: "ADA@example.org", email_verified: true }), null);
    await expect(takeover).rejects.toThrow(OidcError);
    await expect(takeover).rejects.toThrow(/Sign in with your password first/);
    expect(await identitiesOf(db, owner!.id)).toEqual([]);

    const linked = await accountForClaims(db, SETTINGS, claims("ada-sub", { email: "ada@example.org" }), owner!);
    expect(linked.id).toBe(owner!.id);
    expect((await accountForClaims(db, SETTINGS, claims("ada-sub"), null)).id).toBe(owner!.id);
  });

  test("refuses a provider user without an email address", async () => {
    await expect(accountForClaims(db, SETTINGS, claims("no-mail"), null)).rejects.toThrow(/did not share an email/);
  });

  test("first names come from given_name, name or the email", () => {
    expect(firstNameFromClaims({ given_name: "Olive", name: "Olive Oyl" })).toBe("Olive");
    expect(firstNameFromClaims({ name: "  Percy Shelley " })).toBe("Percy");
    expect(firstNameFromClaims({ email: "mary@example.org" })).toBe("mary");
  });
});

describe("the callback route", () => {
  test("404 when OpenID Connect is not configured", async () => {
    const answer = await run(callback.loader, get("/auth/oidc/callback?code=x&state=y"));
    expect(answer.status).toBe(404);
  });

  test("a missing flow cookie or a bad state is a 400 error page, not a 500", async () => {
    Object.assign(process.env, { OIDC_ISSUER: SETTINGS.issuer, OIDC_CLIENT_ID: "poetry", OIDC_CLIENT_SECRET: "secret", OIDC_NAME: "Test Provider" });
    reloadEnv();
    const noCookie = await run(callback.loader, get("/auth/oidc/callback?code=x&state=y"));
    expect(noCookie.status).toBe(400);
    expect(noCookie.body.error).toMatch(/expired or was opened in another browser/);
    const forged = await run(callback.loader, get("/auth/oidc/callback?code=x&state=y", { Cookie: "pc_oidc=forged-value" }));
    expect(forged.status).toBe(400);
    expect(forged.headers.get("Set-Cookie")).toMatch(/^pc_oidc=;/);
  });

  test("an unreachable provider makes the start a clear 502 page, not a 500", async () => {
    // The issuer of these tests is a loopback port nobody listens on.
    const answer = await run(start.loader, get("/auth/oidc?redirectTo=/about"));
    expect(answer.status).toBe(502);
    expect(answer.body.error).toMatch(/could not be reached/);
  });
});
