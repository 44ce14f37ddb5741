import { describe, expect, test } from "vitest";
import { clampPosition, keyStep, swipeStep } from "./reader-input";

describe("swipeStep", () => {
  test("a leftward swipe past 50 px goes to the next poem, a rightward one to the previous", () => {
    expect(swipeStep(-51, 0)).toBe(1);
    expect(swipeStep(120, 10)).toBe(-1);
  });

  test("50 px or less is not a swipe", () => {
    expect(swipeStep(-50, 0)).toBe(0);
    expect(swipeStep(50, 0)).toBe(0);
    expect(swipeStep(-10, 2)).toBe(0);
  });

  test("vertical travel must stay under half the horizontal travel", () => {
    expect(swipeStep(-100, 49)).toBe(1);
    expect(swipeStep(-100, -49.9)).toBe(1);
    expect(swipeStep(-100, 50)).toBe(0);
    expect(swipeStep(100, -80)).toBe(0);
    // A scroll down a long poem.
    expect(swipeStep(-60, 300)).toBe(0);
  });
});

describe("keyStep", () => {
  test("Left and h go back, Right and l go forward, other keys do nothing", () => {
    expect(keyStep("ArrowLeft")).toBe(-1);
    expect(keyStep("h")).toBe(-1);
    expect(keyStep("ArrowRight")).toBe(1);
    expect(keyStep("l")).toBe(1);
    for (const key of ["ArrowUp", "j", "k", "Escape", "Enter", " "]) expect(keyStep(key)).toBe(0);
  });
});

describe("clampPosition", () => {
  test("keeps positions inside the book", () => {
    expect(clampPosition("0", 63)).toBe(0);
    expect(clampPosition("10", 63)).toBe(10);
    expect(clampPosition("62", 63)).toBe(62);
  });

  test("clamps out-of-range positions to the first or last poem", () => {
    expect(clampPosition("999", 63)).toBe(62);
    expect(clampPosition("63", 63)).toBe(62);
    expect(clampPosition("-3", 63)).toBe(0);
  });

  test("anything that is not a whole number is the first poem", () => {
    for (const raw of [null, "", "abc", "1.5", "1e3", "0x10", " "]) expect(clampPosition(raw, 63)).toBe(0);
    expect(clampPosition(" 4 ", 63)).toBe(4);
  });

  test("an empty book has only position 0", () => {
    expect(clampPosition("5", 0)).toBe(0);
  });
});
