import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { persistedSecret } from "./secret.server";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempFile(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "poetry-secret-"));
  dirs.push(dir);
  return path.join(dir, "nested", "session-secret");
}

describe("persistedSecret", () => {
  test("creates a long random secret once, owner-readable only, and returns the same value after", () => {
    const file = tempFile();
    const first = persistedSecret(file);
    expect(first.length).toBeGreaterThanOrEqual(48);
    expect(readFileSync(file, "utf8").trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(persistedSecret(file)).toBe(first);
  });

  test("two files give two different secrets", () => {
    expect(persistedSecret(tempFile())).not.toBe(persistedSecret(tempFile()));
  });

  test("a file holding something too short is not used", () => {
    const file = tempFile();
    persistedSecret(file);
    writeFileSync(file, "short\n");
    expect(() => persistedSecret(file)).toThrow(/does not hold a usable session secret/);
    expect(readFileSync(file, "utf8")).toBe("short\n"); // never silently overwritten
  });
});
