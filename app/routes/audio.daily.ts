import { createReadStream, statSync } from "node:fs";
import { Readable } from "node:stream";
import { parseIsoDate } from "~/lib/daily-date";
import { dailyAudioFile } from "~/server/daily-audio.server";
import type { LoaderFunctionArgs } from "react-router";

/** One `bytes=a-b`, `bytes=a-` or `bytes=-n` range within `size`, or null when unusable (the whole file is sent). */
function byteRange(header: string | null, size: number): { start: number; end: number } | "unsatisfiable" | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === "" && match[2] === "")) return null;
  let start: number;
  let end: number;
  if (match[1] === "") {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  return start >= size || start > end ? "unsatisfiable" : { start, end };
}

/**
 * /audio/daily/{yyyy}-{mm}-{dd}.mp3: the day's recording, read from the audio folder as it is now (files
 * generated after the build are not in the build's static folder). Byte ranges are honoured: browsers seek
 * with them, and Safari will not play media without them.
 */
export function loader({ params, request }: LoaderFunctionArgs) {
  const match = /^(\d{4}-\d{2}-\d{2})\.mp3$/.exec(params.file ?? "");
  const date = match ? parseIsoDate(match[1]!) : null;
  const notFound = () => new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  if (!date) return notFound();
  const file = dailyAudioFile(date);
  let size: number;
  try {
    size = statSync(file).size;
  } catch {
    return notFound();
  }
  const headers: Record<string, string> = {
    "Content-Type": "audio/mpeg",
    "Accept-Ranges": "bytes",
    "Cache-Control": "public, max-age=3600",
  };
  const range = byteRange(request.headers.get("Range"), size);
  if (range === "unsatisfiable") {
    return new Response(null, { status: 416, headers: { ...headers, "Content-Range": `bytes */${size}` } });
  }
  const { start, end } = range ?? { start: 0, end: size - 1 };
  const body = Readable.toWeb(createReadStream(file, { start, end })) as ReadableStream<Uint8Array>;
  headers["Content-Length"] = String(end - start + 1);
  if (range) headers["Content-Range"] = `bytes ${start}-${end}/${size}`;
  return new Response(body, { status: range ? 206 : 200, headers });
}
