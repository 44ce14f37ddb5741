import { describe, expect, it } from "vitest";
import { sortNameOf } from "./poet-name";

describe("sortNameOf", () => {
  it.each([
    ["A. E. Housman", "housman, a. e."],
    ["Omar Khayyám", "khayyam, omar"],
    ["Anonymous", "anonymous"],
    ["Horatio Alger Jr.", "alger, horatio jr."],
    ["Edna St. Vincent Millay", "millay, edna st. vincent"],
  ])("%s -> %s", (name, key) => {
    expect(sortNameOf(name)).toBe(key);
  });
});
