import { generateKeyPairSync, sign, createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { IdTokenError, type Jwk, selectKey, verifyIdToken } from "./id-token.server";

const rsa = generateKeyPairSync("rsa", { modulusLength: 2048 });
const ec = generateKeyPairSync("ec", { namedCurve: "P-256" });
const rsaJwk: Jwk = { ...(rsa.publicKey.export({ format: "jwk" }) as Jwk), kid: "rsa-1", use: "sig", alg: "RS256" };
const ecJwk: Jwk = { ...(ec.publicKey.export({ format: "jwk" }) as Jwk), kid: "ec-1" };

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
const NOW = 1_800_000_000;
const CLAIMS = { iss: "http://127.0.0.1:4000", sub: "reader-1", aud: "poetry", exp: NOW + 300, iat: NOW, nonce: "n-123", email: "r@example.org" };
const OPTIONS = { issuer: "http://127.0.0.1:4000", clientId: "poetry", nonce: "n-123", now: NOW };

function rs256(claims: object, header: object = { alg: "RS256", kid: "rsa-1" }): string {
  const input = `${b64(header)}.${b64(claims)}`;
  return `${input}.${sign("sha256", Buffer.from(input), rsa.privateKey).toString("base64url")}`;
}

describe("verifyIdToken", () => {
  it("accepts a correctly signed, current token for this client and nonce", () => {
    expect(verifyIdToken(rs256(CLAIMS), rsaJwk, OPTIONS)).toMatchObject({ sub: "reader-1", email: "r@example.org" });
  });

  it("accepts ES256 signatures in the JOSE (r || s) encoding", () => {
    const input = `${b64({ alg: "ES256", kid: "ec-1" })}.${b64(CLAIMS)}`;
    const signature = sign("sha256", Buffer.from(input), { key: ec.privateKey, dsaEncoding: "ieee-p1363" }).toString("base64url");
    expect(verifyIdToken(`${input}.${signature}`, ecJwk, OPTIONS).sub).toBe("reader-1");
  });

  it("rejects a tampered payload, a foreign key, 'none' and HMAC tokens", () => {
    const [header, , signature] = rs256(CLAIMS).split(".");
    const tampered = `${header}.${b64({ ...CLAIMS, sub: "admin" })}.${signature}`;
    expect(() => verifyIdToken(tampered, rsaJwk, OPTIONS)).toThrow(/signature is not valid/);
    const other = generateKeyPairSync("rsa", { modulusLength: 2048 });
    expect(() => verifyIdToken(rs256(CLAIMS), other.publicKey.export({ format: "jwk" }) as Jwk, OPTIONS)).toThrow(IdTokenError);
    expect(() => verifyIdToken(`${b64({ alg: "none" })}.${b64(CLAIMS)}.`, rsaJwk, OPTIONS)).toThrow(/algorithm none/);
    const hsInput = `${b64({ alg: "HS256" })}.${b64(CLAIMS)}`;
    const hs = `${hsInput}.${createHmac("sha256", JSON.stringify(rsaJwk)).update(hsInput).digest("base64url")}`;
    expect(() => verifyIdToken(hs, rsaJwk, OPTIONS)).toThrow(/algorithm HS256/);
  });

  it("checks issuer, audience, authorized party, expiry with leeway, issue time and nonce", () => {
    expect(() => verifyIdToken(rs256({ ...CLAIMS, iss: "http://evil" }), rsaJwk, OPTIONS)).toThrow(/another provider/);
    expect(() => verifyIdToken(rs256({ ...CLAIMS, aud: "someone-else" }), rsaJwk, OPTIONS)).toThrow(/another client/);
    expect(() => verifyIdToken(rs256({ ...CLAIMS, aud: ["poetry", "x"] }), rsaJwk, OPTIONS)).toThrow(/authorized party/);
    expect(verifyIdToken(rs256({ ...CLAIMS, aud: ["poetry", "x"], azp: "poetry" }), rsaJwk, OPTIONS).sub).toBe("reader-1");
    expect(verifyIdToken(rs256({ ...CLAIMS, exp: NOW - 20 }), rsaJwk, OPTIONS).sub).toBe("reader-1");
    expect(() => verifyIdToken(rs256({ ...CLAIMS, exp: NOW - 31 }), rsaJwk, OPTIONS)).toThrow(/expired/);
    expect(() => verifyIdToken(rs256({ ...CLAIMS, iat: NOW + 120 }), rsaJwk, OPTIONS)).toThrow(/future/);
    expect(() => verifyIdToken(rs256({ ...CLAIMS, nonce: "replayed" }), rsaJwk, OPTIONS)).toThrow(/nonce/);
    const { nonce: _, ...withoutNonce } = CLAIMS;
    expect(() => verifyIdToken(rs256(withoutNonce), rsaJwk, OPTIONS)).toThrow(/nonce/);
  });
});

describe("selectKey", () => {
  it("picks by kid and algorithm family, or the only suitable key", () => {
    expect(selectKey([ecJwk, rsaJwk], { alg: "RS256", kid: "rsa-1" })).toBe(rsaJwk);
    expect(selectKey([ecJwk, rsaJwk], { alg: "RS256", kid: "gone" })).toBeUndefined();
    expect(selectKey([ecJwk, rsaJwk], { alg: "ES256" })).toBe(ecJwk);
    expect(selectKey([rsaJwk], { alg: "HS256" })).toBeUndefined();
  });
});
