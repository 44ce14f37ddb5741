import { afterEach, describe, expect, it, vi } from "vitest";
import { buildProgram } from "../index";
import { defaultOutPath } from "./export";

afterEach(() => {
  process.exitCode = undefined;
  vi.restoreAllMocks();
});

async function run(...args: string[]): Promise<string> {
  const stderr = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
  await buildProgram().parseAsync(["node", "poetry", "export", ...args]);
  return stderr.mock.calls.map((c) => String(c[0])).join("");
}

describe("poetry export options", () => {
  it("rejects an unknown format, naming the option", async () => {
    expect(await run("--format", "pdf")).toMatch(/--format: must be jsonl, poetrydb or epub/);
    expect(process.exitCode).toBe(2);
  });

  it("asks for a collection or a poet for an EPUB, and for only one of them", async () => {
    expect(await run("--format", "epub")).toMatch(/--format: an EPUB needs --poet or --collection/);
    expect(process.exitCode).toBe(2);
    process.exitCode = undefined;
    expect(await run("--format", "jsonl", "--poet", "a", "--collection", "b")).toMatch(/--collection: give --poet or --collection, not both/);
    expect(process.exitCode).toBe(2);
  });

  it("names the output after what is exported", () => {
    expect(defaultOutPath({ format: "jsonl" })).toBe("poetry-commons-corpus");
    expect(defaultOutPath({ format: "poetrydb", poet: "john-keats" })).toBe("john-keats.poetrydb.json");
    expect(defaultOutPath({ format: "epub", collection: "a-shropshire-lad" })).toBe("a-shropshire-lad.epub");
  });
});
