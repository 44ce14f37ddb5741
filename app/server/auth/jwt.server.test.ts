import { createHmac } from "node:crypto";
import { describe, expect, test } from "vitest";
import { signJwt, verifyJwt } from "./jwt.server";

const SECRET = "s".repeat(40);
const NOW = 1_900_000_000;
const claims = { sub: "42", iat: NOW, exp: NOW + 300, aud: "api" };

describe("JWT (HS256)", () => {
  test("a signed token verifies and gives its claims back", () => {
    const token = signJwt(claims, SECRET);
    expect(token.split(".")).toHaveLength(3);
    expect(verifyJwt(token, [SECRET], { now: NOW + 10, audience: "api" })).toEqual(claims);
  });

  test("expiry allows 60 s of leeway and not one more", () => {
    const token = signJwt(claims, SECRET);
    expect(verifyJwt(token, [SECRET], { now: NOW + 300 + 60 })).not.toBeNull();
    expect(verifyJwt(token, [SECRET], { now: NOW + 300 + 61 })).toBeNull();
  });

  test("a token issued in the future (beyond the leeway) is refused", () => {
    const token = signJwt({ ...claims, iat: NOW + 120, exp: NOW + 420 }, SECRET);
    expect(verifyJwt(token, [SECRET], { now: NOW })).toBeNull();
    expect(verifyJwt(token, [SECRET], { now: NOW + 60 })).not.toBeNull();
  });

  test("another secret, a changed claim, the wrong audience or another algorithm are refused", () => {
    const token = signJwt(claims, SECRET);
    expect(verifyJwt(token, ["t".repeat(40)], { now: NOW })).toBeNull();
    expect(verifyJwt(token, ["t".repeat(40), SECRET], { now: NOW })).not.toBeNull(); // rotation
    const [header, , sig] = token.split(".");
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: "1" })).toString("base64url");
    expect(verifyJwt(`${header}.${forged}.${sig}`, [SECRET], { now: NOW })).toBeNull();
    expect(verifyJwt(token, [SECRET], { now: NOW, audience: "other" })).toBeNull();
    const none = `${Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url")}.${token.split(".")[1]}.`;
    expect(verifyJwt(none, [SECRET], { now: NOW })).toBeNull();
    const hs512Header = Buffer.from(JSON.stringify({ alg: "HS512", typ: "JWT" })).toString("base64url");
    const input = `${hs512Header}.${token.split(".")[1]}`;
    const hs512 = `${input}.${createHmac("sha512", SECRET).update(input).digest("base64url")}`;
    expect(verifyJwt(hs512, [SECRET], { now: NOW })).toBeNull();
  });

  test.each(["", "a.b", "a.b.c.d", "not a token", `${"x".repeat(10)}..`])("garbage %j is refused", (token) => {
    expect(verifyJwt(token, [SECRET], { now: NOW })).toBeNull();
  });
});
