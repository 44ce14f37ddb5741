import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "vitest";
import { persistedVapidKeys } from "./vapid.server";

test("a key pair is made once, kept owner-readable only, and read back unchanged", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "vapid-"));
  const file = path.join(dir, "data", "vapid.json");
  const first = persistedVapidKeys(file);
  expect(first.created).toBe(true);
  expect(Buffer.from(first.publicKey, "base64url")).toHaveLength(65);
  expect(Buffer.from(first.privateKey, "base64url")).toHaveLength(32);
  expect(statSync(file).mode & 0o777).toBe(0o600);
  const second = persistedVapidKeys(file);
  expect(second).toEqual({ ...first, created: false });
  expect(JSON.parse(readFileSync(file, "utf8")).publicKey).toBe(first.publicKey);
});

test("a damaged key file is an error, never silently replaced", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "vapid-"));
  const file = path.join(dir, "vapid.json");
  writeFileSync(file, JSON.stringify({ publicKey: "short", privateKey: "x" }));
  expect(() => persistedVapidKeys(file)).toThrow(/does not hold a VAPID key pair/);
});
