import { describe, expect, it } from "vitest";
import { matchesOperand, parseOrOperands } from "./stems.server";

describe("parseOrOperands", () => {
  it("reads the operands of an OR of words, prefixes marked", () => {
    expect(parseOrOperands("'love':* | 'heart' | 'o''er'")).toEqual([
      { lexeme: "love", prefix: true },
      { lexeme: "heart", prefix: false },
      { lexeme: "o'er", prefix: false },
    ]);
    expect(parseOrOperands("")).toEqual([]);
  });

  it("refuses anything else, which the database then decides", () => {
    expect(parseOrOperands("'true' & 'love'")).toBeNull();
    expect(parseOrOperands("'true' <-> 'love'")).toBeNull();
    expect(parseOrOperands("!'cold'")).toBeNull();
    expect(parseOrOperands("'rose':A")).toBeNull();
  });
});

describe("matchesOperand", () => {
  it("matches a lexeme exactly, or by its start for a prefix operand", () => {
    const operands = [
      { lexeme: "nightin", prefix: true },
      { lexeme: "rose", prefix: false },
    ];
    expect(matchesOperand(["nightingal"], operands)).toBe(true);
    expect(matchesOperand(["rose"], operands)).toBe(true);
    expect(matchesOperand(["rosebud"], operands)).toBe(false);
    expect(matchesOperand([], operands)).toBe(false);
  });
});
