import type { IncomingMessage } from "node:http";
import type { NextFunction, Request, Response } from "express";

/**
 * The largest request body the site accepts, JSON or form alike. Its forms (sign-in, settings, favorites)
 * and /api writes send a few hundred bytes; nothing uploads files.
 */
export const BODY_LIMIT_BYTES = 64 * 1024;

export function bodyLimitMessage(limit: number): string {
  return `The request body is larger than the limit of ${formatBytes(limit)} (${limit} bytes).`;
}

function formatBytes(bytes: number): string {
  return bytes % 1024 === 0 ? `${bytes / 1024} KB` : `${bytes} bytes`;
}

/**
 * Reads a chunked body (no Content-Length) up to `limit` bytes. Resolves "fits" with the bytes put back into
 * the request, unread, for React Router to read as usual; "too-large" as soon as one byte more arrives, with
 * nothing more kept.
 *
 * The bytes go back with unshift() before the stream can emit 'end' (Node checks for "one last unshift"
 * before it does), and the caller continues synchronously, so the next reader attaches before that check.
 */
function readUpTo(req: IncomingMessage, limit: number, done: (result: "fits" | "too-large" | "failed") => void) {
  const chunks: Buffer[] = [];
  let size = 0;
  const finish = (result: "fits" | "too-large" | "failed") => {
    req.off("readable", onReadable);
    req.off("error", onError);
    if (result === "fits" && size > 0) req.unshift(Buffer.concat(chunks, size));
    // Once read() was called Node no longer discards an unread body by itself: drop the rest as it arrives,
    // so the connection stays usable (and a client that never stops is cut by the server's requestTimeout).
    if (result === "too-large") {
      chunks.length = 0;
      req.resume();
    }
    done(result);
  };
  const onError = () => finish("failed");
  function onReadable() {
    for (let chunk: Buffer | null = req.read(); chunk !== null; chunk = req.read()) {
      size += chunk.length;
      if (size > limit) return finish("too-large");
      chunks.push(chunk);
    }
    if (req.complete) finish("fits");
  }
  req.on("readable", onReadable);
  req.once("error", onError);
}

export interface BodyLimitOptions {
  limit?: number;
  tooLarge(req: Request, res: Response, message: string): void;
}

/**
 * Refuses request bodies over the limit before React Router parses them: at once when Content-Length says so
 * (nothing is read), and while a chunked body streams in, at the first byte past the limit.
 */
export function bodyLimit(options: BodyLimitOptions) {
  const limit = options.limit ?? BODY_LIMIT_BYTES;
  const message = bodyLimitMessage(limit);
  return function limitBody(req: Request, res: Response, next: NextFunction): void {
    if (req.method === "GET" || req.method === "HEAD") return next();
    const declared = req.headers["content-length"];
    if (declared !== undefined) {
      // Node's parser never delivers more than the declared length, so this check is the whole limit.
      if (Number(declared) > limit) return options.tooLarge(req, res, message);
      return next();
    }
    if (req.headers["transfer-encoding"] === undefined) return next();
    readUpTo(req, limit, (result) => {
      if (result === "fits") next();
      else if (result === "too-large") options.tooLarge(req, res, message);
      // "failed": the client went away mid-body; there is no one to answer.
    });
  };
}
