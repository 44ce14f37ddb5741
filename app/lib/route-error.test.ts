import { describe, expect, it } from "vitest";
import { httpErrorMessage, routeErrorMessage } from "./route-error";

describe("routeErrorMessage", () => {
  it("prefers a thrown response's text, then an error's message, then the fallback", () => {
    // The shape React Router hands an error boundary for a thrown `data(body, { status })`.
    const thrown = (body: unknown) => ({ status: 404, statusText: "", internal: false, data: body });
    expect(routeErrorMessage(thrown("Poem not found"), "fallback")).toBe("Poem not found");
    expect(routeErrorMessage(thrown(""), "fallback")).toBe("fallback");
    expect(routeErrorMessage(thrown({ a: 1 }), "fallback")).toBe("fallback");
    expect(routeErrorMessage(new Error("boom"), "fallback")).toBe("boom");
    expect(routeErrorMessage(new Error(""), "fallback")).toBe("fallback");
    expect(routeErrorMessage("odd", "fallback")).toBe("fallback");
  });
});

describe("httpErrorMessage", () => {
  it("names a thrown response by its text, its status line or its code", () => {
    const thrown = (data: unknown, statusText = "") => ({ status: 502, statusText, internal: false, data });
    expect(httpErrorMessage(thrown("Database unavailable"), "fallback")).toBe("Database unavailable");
    expect(httpErrorMessage(thrown(null, "Bad Gateway"), "fallback")).toBe("Bad Gateway");
    expect(httpErrorMessage(thrown(null), "fallback")).toBe("HTTP error! status: 502");
    expect(httpErrorMessage(new Error("boom"), "fallback")).toBe("boom");
    expect(httpErrorMessage(undefined, "Search failed")).toBe("Search failed");
  });
});
