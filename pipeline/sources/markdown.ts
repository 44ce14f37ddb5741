import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import matter from "gray-matter";

export interface MarkdownFile {
  file: string;
  data: Record<string, unknown>;
  body: string;
  error?: string;
}

/** Lists the Markdown files of a folder and its sub-folders, in path order so imports are deterministic. */
export async function listMarkdownFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && /\.(md|markdown)$/i.test(e.name))
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

/** Reads Markdown poems one file at a time: YAML front matter (title, author, year, collection, sequence) + body. */
export async function* readMarkdownPoems(dir: string): AsyncGenerator<MarkdownFile> {
  for (const file of await listMarkdownFiles(dir)) {
    const raw = await readFile(file, "utf8");
    try {
      const parsed = matter(raw);
      yield { file, data: JSON.parse(JSON.stringify(parsed.data)), body: parsed.content };
    } catch (error) {
      yield { file, data: {}, body: "", error: `invalid front matter (${(error as Error).message})` };
    }
  }
}
