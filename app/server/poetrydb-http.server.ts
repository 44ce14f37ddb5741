import { PUBLIC_PAGE_CACHE } from "~/lib/cache-headers";
import {
  NOT_FOUND,
  parsePoetryDbPath,
  type PoetryDbFormat,
  type PoetryDbStatus,
  poemsAsText,
} from "~/lib/poetrydb-grammar";
import type { DB } from "./db.server";
import { etagOf, matchesIfNoneMatch, NO_STORE } from "./http.server";
import { findPoetryDbPoems, listPoetryDbAuthors, listPoetryDbTitles } from "./models/poetrydb.server";

/**
 * The HTTP side of /poetrydb: path -> request (app/lib/poetrydb-grammar.ts) -> database -> PoetryDB's bytes.
 * Like poetrydb.org, every answer is HTTP 200, its errors included, JSON is pretty-printed with two spaces,
 * and any web page may read it (Access-Control-Allow-Origin: *). Answers are public and cached like the rest
 * of the public reads, except random draws, which differ every time.
 */

export const POETRYDB_PREFIX = "/poetrydb";

const TYPES: Record<PoetryDbFormat, string> = {
  json: "application/json; charset=utf-8",
  text: "text/plain; charset=utf-8",
};

function respond(request: Request, body: string, format: PoetryDbFormat, cacheable: boolean): Response {
  const etag = etagOf(body);
  const headers = new Headers({
    "Content-Type": TYPES[format],
    "Cache-Control": cacheable ? PUBLIC_PAGE_CACHE : NO_STORE,
    "Access-Control-Allow-Origin": "*",
    ETag: etag,
  });
  if (matchesIfNoneMatch(request.headers.get("If-None-Match"), etag)) {
    headers.delete("Content-Type");
    return new Response(null, { status: 304, headers });
  }
  return new Response(body, { status: 200, headers });
}

/** PoetryDB writes its status objects compactly, unlike its data. */
function statusAnswer(request: Request, status: PoetryDbStatus, cacheable = true): Response {
  return respond(request, JSON.stringify(status), "json", cacheable);
}

/** The path after /poetrydb/, split on "/" before decoding, so an encoded slash (%2F) stays inside a term. */
export function poetryDbSegments(pathname: string): string[] | null {
  const rest = pathname.slice(POETRYDB_PREFIX.length).replace(/^\/+/, "").replace(/\/$/, "");
  if (rest === "") return [];
  try {
    return rest.split("/").map((segment) => decodeURIComponent(segment));
  } catch {
    return null;
  }
}

export async function poetryDbResponse(db: DB, request: Request): Promise<Response> {
  const segments = poetryDbSegments(new URL(request.url).pathname);
  if (segments === null) {
    return statusAnswer(request, { status: "405", reason: "The path is not valid percent-encoded UTF-8." });
  }
  const parsed = parsePoetryDbPath(segments);
  if (parsed.kind === "status") return statusAnswer(request, parsed.body);
  if (parsed.kind === "list") {
    const body =
      parsed.field === "author"
        ? { authors: await listPoetryDbAuthors(db) }
        : { titles: await listPoetryDbTitles(db) };
    return respond(request, JSON.stringify(body, null, 2), "json", true);
  }
  const cacheable = parsed.query.random === undefined;
  const poems = await findPoetryDbPoems(db, parsed.query, parsed.fields);
  if (poems.length === 0) return statusAnswer(request, NOT_FOUND, cacheable);
  const body = parsed.format === "text" ? poemsAsText(poems) : JSON.stringify(poems, null, 2);
  return respond(request, body, parsed.format, cacheable);
}
