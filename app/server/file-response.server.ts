import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import type { DataFile } from "./open-data.server";

/**
 * A generated file as a download: streamed from disk (never read whole), named by Content-Disposition, with
 * validators so a repeat download costs a 304. The file is opened before answering, so a regeneration that
 * renames a new file into place mid-download leaves this response reading the old one to its end.
 */
export function fileResponse(
  request: Request,
  data: DataFile,
  options: { contentType: string; downloadName: string; cacheControl: string },
): Response {
  const headers = new Headers({
    "Content-Type": options.contentType,
    "Content-Disposition": `attachment; filename="${options.downloadName.replace(/["\\]/g, "_")}"`,
    "Cache-Control": options.cacheControl,
    ETag: data.etag,
    "Last-Modified": data.modified.toUTCString(),
  });
  const match = request.headers.get("If-None-Match");
  if (match && match.split(",").some((tag) => tag.trim() === data.etag || tag.trim() === "*")) {
    return new Response(null, { status: 304, headers });
  }
  headers.set("Content-Length", String(data.size));
  if (request.method === "HEAD") return new Response(null, { status: 200, headers });
  const body = Readable.toWeb(createReadStream(data.file)) as ReadableStream<Uint8Array>;
  return new Response(body, { status: 200, headers });
}
