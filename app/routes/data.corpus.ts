import { getDb } from "~/server/db.server";
import { fileResponse } from "~/server/file-response.server";
import { CORPUS_ZIP_NAME, corpusZip } from "~/server/open-data.server";

// Regenerated nightly: browsers and proxies may keep it for an hour, then revalidate with the ETag.
export const CORPUS_CACHE = "public, max-age=3600";

/** The whole corpus as a corpus folder in a .zip (made on the first request when the nightly job has not run). */
export async function loader({ request }: { request: Request }) {
  const data = await corpusZip(getDb());
  return fileResponse(request, data, { contentType: "application/zip", downloadName: CORPUS_ZIP_NAME, cacheControl: CORPUS_CACHE });
}
