import { z } from "zod";

/** Schemas of the corpus files (see ../shared/corpus/SOURCES.md). Unknown fields are ignored. */

const text = z.string().trim().min(1);
const optionalText = z.string().trim().min(1).optional().catch(undefined);
const year = z.number().int().min(-3000).max(3000);

export const CorpusPoemSchema = z.object({
  id: z.string().regex(/^[0-9a-f]{12}$/, "id must be 12 lower-case hex characters"),
  title: text,
  author: text,
  content: z.string().refine((s) => s.trim() !== "", "content is empty"),
  year: year.optional(),
  year_note: optionalText,
  subtitle: optionalText,
  translator: optionalText,
  editor: optionalText,
  note: optionalText,
  editorial_note: optionalText,
  collection: optionalText,
  sequence: z.number().int().positive().optional(),
  section: optionalText,
  number: optionalText,
  flags: z.array(z.string()).default([]),
  source: optionalText,
  source_repo: optionalText,
  source_path: optionalText,
  source_commit: optionalText,
});
export type CorpusPoem = z.infer<typeof CorpusPoemSchema>;

export const CorpusPoetSchema = z.object({
  name: text,
  birth_date: optionalText,
  death_date: optionalText,
  dates_precision: optionalText,
  dates_as_printed: optionalText,
  wikipedia_url: z.url().optional().catch(undefined),
  description: optionalText,
  description_license: optionalText,
  source: optionalText,
  note: optionalText,
  primary_image_url: z.url().optional().catch(undefined),
});
export type CorpusPoet = z.infer<typeof CorpusPoetSchema>;

export const CorpusBiographySchema = z.object({
  name: text,
  biography: text,
  biography_source: optionalText,
  biography_license: optionalText,
  source_repo: optionalText,
  source_path: optionalText,
  source_commit: optionalText,
});
export type CorpusBiography = z.infer<typeof CorpusBiographySchema>;

export const CorpusCollectionSchema = z.object({
  title: text,
  author: text,
  authors: z.array(z.string()).default([]),
  editor: optionalText,
  year: year.nullish(),
  gutenberg_id: z.number().int().positive().nullish(),
  source_repo: optionalText,
  source_path: optionalText,
  source_commit: optionalText,
  sections: z.array(z.string()).default([]),
  note: optionalText,
  anthology: z.boolean().default(false),
  rights: z.enum(["pd", "pd_us_only"]).default("pd"),
  poem_ids: z.array(z.string()).min(1, "poem_ids is empty"),
});
export type CorpusCollection = z.infer<typeof CorpusCollectionSchema>;

/** A PoetryDB poem: `{title, author, lines, linecount}` (linecount is a string there). */
export const PoetryDbPoemSchema = z.object({
  title: text,
  author: text,
  lines: z.array(z.string()).min(1, "lines is empty"),
  linecount: z.union([z.string(), z.number()]).optional(),
});

/** Front matter of a Markdown poem. */
export const MarkdownFrontMatterSchema = z.object({
  id: z.string().regex(/^[0-9a-f]{12}$/).optional(),
  title: text,
  author: text,
  year: z.coerce.number().int().min(-3000).max(3000).optional(),
  collection: optionalText,
  sequence: z.coerce.number().int().positive().optional(),
  section: optionalText,
});

export function describeZodError(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.join(".") || "record"}: ${i.message}`).join("; ");
}
