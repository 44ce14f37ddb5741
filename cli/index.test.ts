import { afterEach, describe, expect, it, vi } from "vitest";
import { buildProgram } from "./index";

afterEach(() => {
  process.exitCode = undefined;
  vi.restoreAllMocks();
});

describe("the poetry program", () => {
  it("offers --help on every command", () => {
    const program = buildProgram();
    const names = program.commands.map((c) => c.name());
    expect(names).toEqual(expect.arrayContaining(["migrate", "import", "serve"]));
    for (const command of program.commands) {
      expect(command.description().length, command.name()).toBeGreaterThan(10);
      expect(command.helpInformation()).toMatch(/--help/);
    }
  });

  it("rejects a bad option value with a clear message and exit code 2, without touching the database", async () => {
    const stderr = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    await buildProgram().parseAsync(["node", "poetry", "import", "--max-errors", "-3"]);
    expect(process.exitCode).toBe(2);
    expect(stderr.mock.calls.map((c) => String(c[0])).join("")).toMatch(/--max-errors: .*(>=|greater)/);
  });
});
