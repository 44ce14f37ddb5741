/**
 * A chunk passed to res.write/res.end as bytes, or undefined when there is none: end() may be called without
 * one, or with the callback in its place. A string is encoded as the call says (utf8 unless told).
 */
export function bodyChunk(chunk: unknown, encoding?: unknown): Buffer | undefined {
  if (chunk === undefined || chunk === null || typeof chunk === "function") return undefined;
  if (Buffer.isBuffer(chunk)) return chunk;
  if (typeof chunk !== "string") return Buffer.from(chunk as Uint8Array);
  return Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
}
