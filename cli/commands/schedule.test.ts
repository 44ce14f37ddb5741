import { afterEach, describe, expect, it, vi } from "vitest";
import { buildProgram } from "../index";

afterEach(() => {
  process.exitCode = undefined;
  vi.restoreAllMocks();
});

describe("poetry schedule", () => {
  it("is a command of the program", () => {
    expect(buildProgram().commands.map((c) => c.name())).toContain("schedule");
  });

  it.each([
    [["--from", "2026-02-30"], /--from: must be a real day/],
    [["--days", "0"], /--days: /],
    [["--days", "ten"], /--days: must be a whole number/],
  ])("rejects %j with exit code 2 before touching the database", async (args, message) => {
    const stderr = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    await buildProgram().parseAsync(["node", "poetry", "schedule", ...args]);
    expect(process.exitCode).toBe(2);
    expect(stderr.mock.calls.map((c) => String(c[0])).join("")).toMatch(message);
  });
});
