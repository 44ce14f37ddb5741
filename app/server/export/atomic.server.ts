import { randomBytes } from "node:crypto";
import { createWriteStream, existsSync } from "node:fs";
import { mkdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { once } from "node:events";
import type { Writable } from "node:stream";

/** A sibling name for work in progress: same folder (so rename is atomic), never served (dot-prefixed). */
function tempSibling(target: string, tag: string): string {
  return path.join(path.dirname(target), `.${path.basename(target)}.${tag}-${process.pid}-${randomBytes(4).toString("hex")}`);
}

/**
 * Writes a file through `write` into a temporary sibling, then renames it over `target`: readers see the old
 * file or the new one, never half of one, and a failed export leaves the old file in place.
 */
export async function writeFileAtomically(target: string, write: (tempPath: string) => Promise<void>): Promise<void> {
  await mkdir(path.dirname(target), { recursive: true });
  const temp = tempSibling(target, "tmp");
  try {
    await write(temp);
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/** The same for a folder: built aside, then swapped in (the old one is moved away first, then removed). */
export async function writeFolderAtomically(target: string, write: (tempDir: string) => Promise<void>): Promise<void> {
  await mkdir(path.dirname(target), { recursive: true });
  const temp = tempSibling(target, "tmp");
  await mkdir(temp);
  try {
    await write(temp);
  } catch (error) {
    await rm(temp, { recursive: true, force: true });
    throw error;
  }
  const old = existsSync(target) ? tempSibling(target, "old") : null;
  if (old) await rename(target, old);
  await rename(temp, target);
  if (old) await rm(old, { recursive: true, force: true });
}

/** A file write stream whose `write` waits for drain, so a slow disk pushes back on the database reads. */
export function openTextFile(file: string) {
  const stream: Writable = createWriteStream(file, { encoding: "utf8" });
  let failure: Error | null = null;
  stream.on("error", (error) => {
    failure = error;
  });
  return {
    async write(text: string): Promise<void> {
      if (failure) throw failure;
      if (!stream.write(text)) await once(stream, "drain");
    },
    async close(): Promise<void> {
      if (failure) throw failure;
      stream.end();
      await once(stream, "finish");
    },
  };
}
