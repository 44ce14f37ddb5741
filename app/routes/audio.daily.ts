import { createReadStream, statSync } from "node:fs";
import { Readable } from "node:stream";
import { parseIsoDate } from "~/lib/daily-date";
import { dailyAudioFile } from "~/server/daily-audio.server";
import type { LoaderFunctionArgs } from "react-router";

/**
 * /audio/daily/{yyyy}-{mm}-{dd}.mp3: the day's recording, read from public/audio/daily/ as it is now (files
 * generated after the build are not in the build's static folder).
 */
export function loader({ params }: LoaderFunctionArgs) {
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
  const body = Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>;
  return new Response(body, {
    headers: { "Content-Type": "audio/mpeg", "Content-Length": String(size), "Cache-Control": "public, max-age=3600" },
  });
}
