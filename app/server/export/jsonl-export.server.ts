import { rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { mkdtemp } from "node:fs/promises";
import { createWriteStream } from "node:fs";
import { pipeline } from "node:stream/promises";
import yazl from "yazl";
import { FACJURE_SOURCE, licenceNotices, ZENUP_LICENCE } from "~/lib/open-data";
import type { DB } from "../db.server";
import {
  bookPlaces,
  collectionPoemIds,
  countExportPoems,
  exportCollections,
  type ResolvedScope,
  scopeHasSource,
  streamExportPoems,
  streamExportPoets,
} from "../models/export.server";
import { openTextFile, writeFileAtomically, writeFolderAtomically } from "./atomic.server";
import { biographyRecord, collectionRecord, poemRecord, poetRecord } from "./corpus-records.server";
import type { ExportProgressFn } from "./progress";

export interface CorpusExportCounts {
  poems: number;
  poets: number;
  collections: number;
  files: string[];
}

/** The files of a corpus folder, in the order the importer reads them. */
export const CORPUS_FILES = ["poets.jsonl", "biographies.jsonl", "poems.jsonl", "collections.jsonl"] as const;

/**
 * Writes the scope as a corpus folder (poets.jsonl, biographies.jsonl, poems.jsonl, collections.jsonl and the
 * licence notices) that `poetry import` reads back into the same rows. Written into `dir`, which must exist.
 */
async function writeCorpusFiles(
  db: DB,
  scope: ResolvedScope,
  dir: string,
  options: { siteName: string; onProgress?: ExportProgressFn },
): Promise<CorpusExportCounts> {
  const counts: CorpusExportCounts = { poems: 0, poets: 0, collections: 0, files: [] };
  const poets = openTextFile(path.join(dir, "poets.jsonl"));
  const biographies = openTextFile(path.join(dir, "biographies.jsonl"));
  let descriptions = false;
  for await (const page of streamExportPoets(db, scope)) {
    for (const poet of page) {
      await poets.write(`${JSON.stringify(poetRecord(poet))}\n`);
      const bio = biographyRecord(poet);
      if (bio) await biographies.write(`${JSON.stringify(bio)}\n`);
      descriptions ||= poet.description !== null;
      counts.poets++;
    }
  }
  await poets.close();
  await biographies.close();

  const total = await countExportPoems(db, scope);
  const poems = openTextFile(path.join(dir, "poems.jsonl"));
  for await (const page of streamExportPoems(db, scope)) {
    const places = await bookPlaces(db, page.map((p) => p.id));
    for (const poem of page) await poems.write(`${JSON.stringify(poemRecord(poem, places.get(poem.id)))}\n`);
    counts.poems += page.length;
    options.onProgress?.({ done: counts.poems, total });
  }
  await poems.close();

  const collections = openTextFile(path.join(dir, "collections.jsonl"));
  for (const collection of await exportCollections(db, scope)) {
    const ids = await collectionPoemIds(db, collection.id);
    await collections.write(`${JSON.stringify(collectionRecord(collection, ids))}\n`);
    counts.collections++;
  }
  await collections.close();

  const facjure = await scopeHasSource(db, scope, FACJURE_SOURCE);
  const notices = openTextFile(path.join(dir, "LICENCES.md"));
  await notices.write(licenceNotices({ facjure, descriptions, site: options.siteName }));
  await notices.close();
  counts.files = [...CORPUS_FILES, "LICENCES.md"];
  if (facjure) {
    const zenup = openTextFile(path.join(dir, "ZENUP-LICENSE.txt"));
    await zenup.write(`${ZENUP_LICENCE}\n`);
    await zenup.close();
    counts.files.push("ZENUP-LICENSE.txt");
  }
  return counts;
}

/** The corpus folder at `target`, replaced whole when it already exists. */
export async function exportCorpusFolder(
  db: DB,
  scope: ResolvedScope,
  target: string,
  options: { siteName: string; onProgress?: ExportProgressFn },
): Promise<CorpusExportCounts> {
  let counts: CorpusExportCounts | undefined;
  await writeFolderAtomically(target, async (dir) => {
    counts = await writeCorpusFiles(db, scope, dir, options);
  });
  return counts!;
}

/**
 * The corpus folder as one .zip (for downloads): the files are written to a temporary folder first and then
 * deflated into the archive from disk, so neither step holds the corpus in memory.
 */
export async function exportCorpusZip(
  db: DB,
  scope: ResolvedScope,
  target: string,
  options: { siteName: string; onProgress?: ExportProgressFn; folderName?: string },
): Promise<CorpusExportCounts> {
  const work = await mkdtemp(path.join(os.tmpdir(), "poetry-export-"));
  try {
    const counts = await writeCorpusFiles(db, scope, work, options);
    await writeFileAtomically(target, async (temp) => {
      const zip = new yazl.ZipFile();
      const folder = options.folderName ?? "poetry-commons-corpus";
      for (const name of counts.files) zip.addFile(path.join(work, name), `${folder}/${name}`);
      zip.end();
      await pipeline(zip.outputStream, createWriteStream(temp));
    });
    return counts;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
