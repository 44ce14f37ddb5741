import { createReadStream, existsSync, mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { env } from "~/server/env.server";

/** The real corpus beside the repository (../shared/corpus), read in place, never copied into the repo. */
export const CORPUS_DIR = env().CORPUS_DIR;

export const SMALL_COLLECTIONS = [
  "Poems (1817)",
  "Songs of Innocence and of Experience",
  "A Shropshire Lad",
  "A Boy's Will",
  "Poems by Currer, Ellis, and Acton Bell",
];
const EXTRA_SHELLEY = new Set(["Ozymandias of Egypt", "Ode to the West Wind", "To a Skylark"]);
const ANONYMOUS_LIMIT = 3;

async function* jsonLines(file: string): AsyncGenerator<Record<string, any>> {
  const rl = createInterface({ input: createReadStream(file, "utf8"), crlfDelay: Infinity });
  for await (const line of rl) if (line.trim()) yield JSON.parse(line);
}

/**
 * Writes a small but real slice of the corpus (five books, a few Shelley poems, three anonymous poems) to a
 * temporary folder in the corpus's own format, for tests that need data but not all 24,000 poems.
 */
export async function smallCorpus(): Promise<string> {
  const dir = path.join(os.tmpdir(), `poetry-small-corpus-${process.pid}`);
  if (existsSync(path.join(dir, "poems.jsonl"))) return dir;
  mkdirSync(dir, { recursive: true });

  const collections: Record<string, any>[] = [];
  for await (const c of jsonLines(path.join(CORPUS_DIR, "collections.jsonl"))) {
    if (SMALL_COLLECTIONS.includes(c.title)) collections.push(c);
  }
  const ids = new Set(collections.flatMap((c) => c.poem_ids as string[]));
  const poems: Record<string, any>[] = [];
  let anonymous = 0;
  for await (const p of jsonLines(path.join(CORPUS_DIR, "poems.jsonl"))) {
    const keep =
      ids.has(p.id) ||
      (p.author === "Percy Bysshe Shelley" && EXTRA_SHELLEY.has(p.title)) ||
      (p.author === "Anonymous" && anonymous++ < ANONYMOUS_LIMIT);
    if (keep) poems.push(p);
  }
  const authors = new Set(poems.map((p) => p.author));
  const poets: Record<string, any>[] = [];
  for await (const p of jsonLines(path.join(CORPUS_DIR, "poets.jsonl"))) if (authors.has(p.name)) poets.push(p);
  const bios: Record<string, any>[] = [];
  for await (const b of jsonLines(path.join(CORPUS_DIR, "biographies.jsonl"))) if (authors.has(b.name)) bios.push(b);

  const write = (name: string, rows: unknown[]) =>
    writeFileSync(path.join(dir, name), rows.map((r) => JSON.stringify(r)).join("\n") + "\n");
  write("collections.jsonl", collections);
  write("poets.jsonl", poets);
  write("biographies.jsonl", bios);
  write("poems.jsonl", poems); // last: its presence marks the folder complete
  return dir;
}
