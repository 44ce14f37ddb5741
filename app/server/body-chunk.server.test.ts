import { describe, expect, it } from "vitest";
import { bodyChunk } from "./body-chunk.server";

describe("bodyChunk", () => {
  it("gives the bytes of a string in the encoding asked, of a Buffer and of a Uint8Array", () => {
    expect(bodyChunk("é")).toEqual(Buffer.from([0xc3, 0xa9]));
    expect(bodyChunk("é", "latin1")).toEqual(Buffer.from([0xe9]));
    const buffer = Buffer.from("abc");
    expect(bodyChunk(buffer)).toBe(buffer);
    expect(bodyChunk(new Uint8Array([1, 2]))).toEqual(Buffer.from([1, 2]));
  });

  it("gives nothing for a missing chunk or a callback in its place", () => {
    expect(bodyChunk(undefined)).toBeUndefined();
    expect(bodyChunk(null)).toBeUndefined();
    expect(bodyChunk(() => undefined)).toBeUndefined();
  });
});
