import { readFile } from "node:fs/promises";

/**
 * Reads a PoetryDB-style JSON array (`[{title, author, lines, linecount}]`). Such exports are small, so the
 * file is parsed whole; a file that is not a JSON array is reported as one error.
 */
export async function readPoetryDbFile(file: string): Promise<{ items: unknown[]; error?: string }> {
  const raw = await readFile(file, "utf8");
  try {
    const value = JSON.parse(raw);
    if (Array.isArray(value)) return { items: value };
    return { items: [], error: "expected a JSON array of poems" };
  } catch (error) {
    return { items: [], error: `invalid JSON (${(error as Error).message})` };
  }
}
