import { describe, expect, test } from "vitest";
import { parseRecentViews, shouldRecordView, VIEW_WINDOW_MS, withView } from "./view-tracking";

describe("view tracking windows", () => {
  const t0 = 1_700_000_000_000;

  test("the poem page records a poem once per 30 minutes", () => {
    const recent = withView({}, "p1", t0);
    expect(shouldRecordView(recent, "p1", "poem-page", t0 + 29 * 60_000)).toBe(false);
    expect(shouldRecordView(recent, "p1", "poem-page", t0 + 30 * 60_000)).toBe(true);
    expect(shouldRecordView(recent, "p2", "poem-page", t0 + 1)).toBe(true);
  });

  test("random and daily do not record the same poem again within 5 s", () => {
    const recent = withView({}, "p1", t0);
    for (const source of ["random", "daily"] as const) {
      expect(shouldRecordView(recent, "p1", source, t0 + 4_999)).toBe(false);
      expect(shouldRecordView(recent, "p1", source, t0 + 5_000)).toBe(true);
    }
  });

  test("old entries are dropped and garbage is ignored", () => {
    const recent = withView({ old: t0 - VIEW_WINDOW_MS["poem-page"] - 1, fresh: t0 - 1000 }, "p1", t0);
    expect(Object.keys(recent).sort()).toEqual(["fresh", "p1"]);
    expect(parseRecentViews('{"a": 5, "b": "x"}')).toEqual({ a: 5 });
    expect(parseRecentViews("[1,2]")).toEqual({});
    expect(parseRecentViews("not json")).toEqual({});
  });
});
