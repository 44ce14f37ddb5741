import { describe, expect, test } from "vitest";
import { hashPassword, SCRYPT_PARAMS, verifyAgainstNothing, verifyPassword } from "./password.server";

describe("password hashing", () => {
  test("a hash names scrypt and its cost, and verifies only the same password", async () => {
    const hash = await hashPassword("correct horse battery staple");
    expect(hash).toMatch(new RegExp(`^scrypt\\$${SCRYPT_PARAMS.N}\\$8\\$1\\$[\\w-]{22}\\$[\\w-]{43}$`));
    expect(await verifyPassword("correct horse battery staple", hash)).toBe(true);
    expect(await verifyPassword("correct horse battery stapl", hash)).toBe(false);
    expect(await verifyPassword("Correct horse battery staple", hash)).toBe(false);
    expect(await verifyPassword("", hash)).toBe(false);
  });

  test("the same password gets a different salt, hence a different hash, each time", async () => {
    const [a, b] = await Promise.all([hashPassword("same"), hashPassword("same")]);
    expect(a).not.toBe(b);
    expect(await verifyPassword("same", a)).toBe(true);
    expect(await verifyPassword("same", b)).toBe(true);
  });

  test("hashes made with other parameters still verify", async () => {
    const cheap = await hashPassword("pw", { N: 1024, r: 8, p: 1 });
    expect(cheap.startsWith("scrypt$1024$8$1$")).toBe(true);
    expect(await verifyPassword("pw", cheap)).toBe(true);
  });

  test("Unicode is normalised: composed and decomposed spellings are one password", async () => {
    const hash = await hashPassword("caf\u00e9");
    expect(await verifyPassword("cafe\u0301", hash)).toBe(true);
  });

  test.each([
    ["empty", ""],
    ["bcrypt", "$2b$10$abcdefghijklmnopqrstuuABCDEFGHIJKLMNOPQRSTUVWXYZ01234"],
    ["cost not a power of two", "scrypt$1000$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"],
    ["cost too high", "scrypt$4194304$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"],
    ["key too short", "scrypt$1024$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAA"],
  ])("a malformed stored hash (%s) never verifies and never throws", async (_name, stored) => {
    expect(await verifyPassword("anything", stored)).toBe(false);
  });

  test("verifyAgainstNothing always says no", async () => {
    expect(await verifyAgainstNothing("not a password of anyone")).toBe(false);
  });
});
