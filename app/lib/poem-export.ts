import { poemTextFileName } from "./download-name";
import { plainPoemText } from "./poem-meta";

export interface ExportPoem {
  title: string;
  subtitle?: string | null;
  author: string;
  year: number | null;
  content: string;
}

/**
 * The poem as a plain-text file: title, subtitle, 'By {author}', the year, then the text with its markers
 * removed and its indentation kept, and a closing line saying where it came from.
 */
export function poemAsText(poem: ExportPoem, origin?: { siteName: string; url: string }): string {
  const head = [poem.title, poem.subtitle, `By ${poem.author}`, poem.year != null ? String(poem.year) : null].filter(
    (line): line is string => Boolean(line),
  );
  const tail = origin ? ["", "", `From ${origin.siteName}: ${origin.url}`] : [];
  // Blank lines at either end go; the first line's indentation stays.
  const body = plainPoemText(poem.content).replace(/^(?:[ \t]*\n)+|\s+$/g, "");
  return `${[...head, "", body, ...tail].join("\n")}\n`;
}

export { poemTextFileName };
