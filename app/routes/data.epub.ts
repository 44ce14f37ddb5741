import { z } from "zod";
import { getDb } from "~/server/db.server";
import { fileResponse } from "~/server/file-response.server";
import { collectionEpub } from "~/server/open-data.server";

// The ETag names the data the book was made from, so a revalidation after an import gets the new book.
export const EPUB_CACHE = "public, max-age=3600";

const FileParam = z.string().regex(/^[a-z0-9][a-z0-9-]{0,199}\.epub$/);

function notFound(message: string): Response {
  return new Response(`${message}\n`, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/** /data/epub/{collection id}.epub: the collection as an EPUB 3, made on first request and kept until it changes. */
export async function loader({ request, params }: { request: Request; params: { file?: string } }) {
  const parsed = FileParam.safeParse(params.file);
  if (!parsed.success) return notFound("No such EPUB: the address must be /data/epub/{collection id}.epub.");
  const id = parsed.data.slice(0, -".epub".length);
  const data = await collectionEpub(getDb(), id);
  if (!data) return notFound(`No collection with the id '${id}'.`);
  return fileResponse(request, data, {
    contentType: "application/epub+zip",
    downloadName: `${id}.epub`,
    cacheControl: EPUB_CACHE,
  });
}
