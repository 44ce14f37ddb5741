import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./redirect-path";

describe("safeRedirectPath", () => {
  it("keeps same-site paths with their query", () => {
    expect(safeRedirectPath("/poems?page=2&view=list")).toBe("/poems?page=2&view=list");
    expect(safeRedirectPath("/")).toBe("/");
    expect(safeRedirectPath("/authors/anne-bronte")).toBe("/authors/anne-bronte");
  });

  it("refuses anything that could leave the site", () => {
    for (const bad of ["//evil.example", "/\\evil.example", "https://evil.example/", "evil", "", " ", "/\nx", null, 3]) {
      expect(safeRedirectPath(bad)).toBeNull();
    }
  });
});
