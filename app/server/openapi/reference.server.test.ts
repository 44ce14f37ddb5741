import { describe, expect, it } from "vitest";
import { shapeOf } from "./reference.server";

describe("shapeOf", () => {
  it("writes objects with optional fields, nullable unions, arrays and references", () => {
    const shape = shapeOf({
      type: "object",
      properties: {
        id: { type: "string" },
        year: { anyOf: [{ type: "integer" }, { type: "null" }] },
        poems: { type: "array", items: { $ref: "#/components/schemas/PoemListItem" } },
        parameter: { type: "string" },
      },
      required: ["id", "year", "poems"],
      additionalProperties: false,
    });
    expect(shape).toBe("{\n  id: string;\n  year: integer | null;\n  poems: PoemListItem[];\n  parameter?: string;\n}");
  });

  it("shows enums, constants, bounds, formats, open objects and unions inside arrays", () => {
    expect(shapeOf({ enum: ["asc", "desc"] })).toBe('"asc" | "desc"');
    expect(shapeOf({ const: "Bearer" })).toBe('"Bearer"');
    expect(shapeOf({ type: "integer", minimum: 1, maximum: 100 })).toBe("integer (1 to 100)");
    expect(shapeOf({ type: "string", format: "date" })).toBe("string (date)");
    expect(shapeOf({ type: "object", additionalProperties: {} })).toBe("{ [key: string]: any }");
    expect(shapeOf({ type: "array", items: { anyOf: [{ type: "string" }, { type: "null" }] } })).toBe(
      "(string | null)[]",
    );
    expect(shapeOf({ type: "object", properties: { a: { type: "boolean" } } })).toBe("{\n  a?: boolean;\n  …\n}");
  });
});
