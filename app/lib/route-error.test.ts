import { describe, expect, it } from "vitest";
import { routeErrorMessage } from "./route-error";

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
