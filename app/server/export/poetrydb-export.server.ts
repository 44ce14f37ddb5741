import type { DB } from "../db.server";
import { countExportPoems, type ResolvedScope, streamExportPoems } from "../models/export.server";
import { openTextFile, writeFileAtomically } from "./atomic.server";
import type { ExportProgressFn } from "./progress";

/** A poem as PoetryDB serves it: stanza breaks are empty lines, and linecount is a string. */
export function poetryDbPoem(poem: { title: string; author: string; content: string }) {
  const lines = poem.content.split("\n");
  return { title: poem.title, author: poem.author, lines, linecount: String(lines.length) };
}

/**
 * The scope as a PoetryDB-style JSON array, one poem per line of the file so it is written (and can be read
 * by line-oriented tools) one poem at a time.
 */
export async function exportPoetryDbFile(
  db: DB,
  scope: ResolvedScope,
  target: string,
  options: { onProgress?: ExportProgressFn } = {},
): Promise<{ poems: number }> {
  let done = 0;
  await writeFileAtomically(target, async (temp) => {
    const total = await countExportPoems(db, scope);
    const out = openTextFile(temp);
    await out.write("[");
    for await (const page of streamExportPoems(db, scope)) {
      for (const poem of page) {
        await out.write(`${done === 0 ? "\n" : ",\n"}${JSON.stringify(poetryDbPoem(poem))}`);
        done++;
      }
      options.onProgress?.({ done, total });
    }
    await out.write("\n]\n");
    await out.close();
  });
  return { poems: done };
}
