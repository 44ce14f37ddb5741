import { existsSync } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";
import { normalizeText, slugify } from "~/lib/poem-text";
import { notifyDataChanged } from "~/server/data-version.server";
import type { DB } from "~/server/db.server";
import { env } from "~/server/env.server";
import { type CollectionWrite, upsertCollection } from "~/server/models/collection-writes.server";
import { refreshSearchIndex } from "~/server/models/search.server";
import { refreshPoetryDbTexts } from "~/server/models/poetrydb.server";
import { existingPoemIds, findStoredKeys, upsertPoems, type WriteCounts } from "~/server/models/poem-writes.server";
import {
  insertPoets,
  type KnownPoet,
  loadKnownPoets,
  refreshPoetPoemCounts,
  updatePoet,
} from "~/server/models/poet-writes.server";
import { collectGarbage, garbageBudget } from "./collect-garbage";
import { buildPoemDraft, derivePoemId, type PoemDraft, sha1 } from "./poem-row";
import { buildPoetDraft, type PoetDraft } from "./poet-row";
import {
  type CorpusBiography,
  CorpusBiographySchema,
  type CorpusCollection,
  CorpusCollectionSchema,
  type CorpusPoem,
  CorpusPoemSchema,
  type CorpusPoet,
  CorpusPoetSchema,
  describeZodError,
  MarkdownFrontMatterSchema,
  PoetryDbPoemSchema,
} from "./records";
import { readJsonLines } from "./sources/jsonl";
import { listMarkdownFiles, readMarkdownPoems } from "./sources/markdown";
import { readPoetryDbFile } from "./sources/poetrydb";
import { refreshWordFrequencies, type WordFreqReport } from "./wordfreq";

export const BATCH_SIZE = 500;
/** Parsing overlaps with writing; two batches on two connections keep PostgreSQL busy on both cores. */
const MAX_BATCHES_IN_FLIGHT = 2;
/**
 * Characters of poem text parsed and written between two full garbage collections. Batches in flight outlive
 * the young generation, and V8 let ~100 MB of written batches pile up in the old one before collecting (the
 * records phase peaked ~100 MB above its live data). Every 12 MB (~6 collections a corpus) the records peak
 * stays ~35 MB lower at no measurable cost; every 6 MB saved ~8 MB more but cost ~5% of records speed.
 */
const GC_EVERY_POEM_CHARS = 12_000_000;
/** Poems whose /poetrydb lines text is rebuilt between two full collections, for the same reason. */
const GC_EVERY_POETRYDB_TEXTS = 1_000;

export type ImportPhase = "poets" | "poems" | "collections" | "counts" | "search" | "poetrydb" | "wordfreq";

export interface ImportProgress {
  phase: ImportPhase;
  file: string;
  /** Records handled so far in this phase and file. */
  done: number;
  bytesRead?: number;
  totalBytes?: number;
}

export interface ImportIssue {
  file: string;
  line: number;
  message: string;
}

export interface ImportReport {
  poets: WriteCounts;
  poems: WriteCounts;
  collections: WriteCounts;
  errors: ImportIssue[];
  /** The word-frequency recount that ends every import (only poets whose poems changed are recounted). */
  wordFrequency?: WordFreqReport;
  durationMs: number;
}

export interface ImportOptions {
  /** Corpus folders, Markdown folders, PoetryDB .json files or poems .jsonl files; default the shared corpus. */
  paths?: string[];
  onProgress?: (progress: ImportProgress) => void;
  /** Where to write the static all-poems word-frequency caches; none are written when unset. */
  wordFrequencyCacheDir?: string;
}

export class ImportSourceError extends Error {}

type SourceKind = "corpus" | "markdown" | "poetrydb" | "poems-jsonl";

export async function detectSource(target: string): Promise<SourceKind> {
  if (!existsSync(target)) throw new ImportSourceError(`${target}: no such file or folder`);
  const info = await stat(target);
  if (info.isDirectory()) {
    if (existsSync(path.join(target, "poems.jsonl"))) return "corpus";
    if ((await listMarkdownFiles(target)).length > 0) return "markdown";
    throw new ImportSourceError(`${target}: a folder must hold poems.jsonl (a corpus) or Markdown poems (*.md)`);
  }
  if (/\.jsonl$/i.test(target)) return "poems-jsonl";
  if (/\.json$/i.test(target)) return "poetrydb";
  throw new ImportSourceError(`${target}: expected a corpus folder, a Markdown folder, a .json or a .jsonl file`);
}

const zero = (): WriteCounts => ({ inserted: 0, updated: 0, unchanged: 0 });

function add(counts: WriteCounts, more: WriteCounts): void {
  counts.inserted += more.inserted;
  counts.updated += more.updated;
  counts.unchanged += more.unchanged;
}

/** Where a poem stands in a book according to its own record, used to label collection links. */
interface BookPlace {
  collection: string;
  section: string | null;
  number: string | null;
}

interface PendingCollection {
  title: string;
  authors: Set<string>;
  entries: { id: string; sequence: number; section: string | null }[];
}

/**
 * Imports poets, poems and collections. Idempotent: every row carries a hash of its content, so a second
 * run writes nothing, and a changed record is updated in place (ids, directories and counters are kept).
 * Poems are written in batches, each one statement in its own transaction, so an interrupted import
 * leaves only whole poems behind and the next run completes it.
 */
export async function runImport(db: DB, options: ImportOptions = {}): Promise<ImportReport> {
  const importer = new Importer(db, options.onProgress ?? (() => {}), options.wordFrequencyCacheDir);
  const paths = options.paths?.length ? options.paths : [env().CORPUS_DIR];
  const kinds = await Promise.all(paths.map(async (p) => [path.resolve(p), await detectSource(p)] as const));
  await importer.start();
  for (const [target, kind] of kinds) {
    if (kind === "corpus") await importer.importCorpus(target);
    else if (kind === "markdown") await importer.importMarkdown(target);
    else if (kind === "poetrydb") await importer.importPoetryDb(target);
    else await importer.importPoemsFile(target);
  }
  return importer.finish();
}

class Importer {
  private readonly started = Date.now();
  private readonly report = { poets: zero(), poems: zero(), collections: zero(), errors: [] as ImportIssue[] };
  private poets = new Map<string, KnownPoet>();
  private directories = new Set<string>();
  private readonly seenPoemIds = new Set<string>();
  private readonly bookPlaces = new Map<string, BookPlace>();
  private inflight: Promise<unknown>[] = [];
  private poetWrites: Promise<void> = Promise.resolve();
  private readonly spendPoemChars = garbageBudget(GC_EVERY_POEM_CHARS);

  constructor(
    private readonly db: DB,
    private readonly progress: (p: ImportProgress) => void,
    private readonly wordFrequencyCacheDir?: string,
  ) {}

  async start(): Promise<void> {
    // PGlite runs initdb for a new cluster in a WASM instance of its own (~220 MB of linear memory) that is
    // unreachable once the database is open but lives until a full collection: free it before the records.
    collectGarbage();
    this.poets = await loadKnownPoets(this.db);
    this.directories = new Set([...this.poets.values()].map((p) => p.directory));
  }

  async finish(): Promise<ImportReport> {
    this.progress({ phase: "counts", file: "", done: 0 });
    await refreshPoetPoemCounts(this.db);
    // The records are written: drop their parsing garbage before the derived data adds its own.
    collectGarbage();
    // Search vectors are derived data: rebuilt here only for poems whose text changed.
    this.progress({ phase: "search", file: "", done: 0 });
    await refreshSearchIndex(this.db);
    // The display text the /poetrydb lines search reads: redone only for poems whose text changed.
    this.progress({ phase: "poetrydb", file: "", done: 0 });
    const spendTexts = garbageBudget(GC_EVERY_POETRYDB_TEXTS);
    let rebuilt = 0;
    await refreshPoetryDbTexts(this.db, {
      onProgress: (done) => {
        spendTexts(done - rebuilt);
        rebuilt = done;
        this.progress({ phase: "poetrydb", file: "", done });
      },
    });
    // Word counts are derived data too: recounted only for poets whose poems changed.
    const wordFrequency = await refreshWordFrequencies(this.db, {
      cacheDir: this.wordFrequencyCacheDir,
      onProgress: (p) => this.progress({ phase: "wordfreq", file: "", done: p.done }),
    });
    const { poets, poems, collections } = this.report;
    if ([poets, poems, collections].some((c) => c.inserted + c.updated > 0)) await notifyDataChanged(this.db);
    return { ...this.report, wordFrequency, durationMs: Date.now() - this.started };
  }

  private issue(file: string, line: number, message: string): void {
    this.report.errors.push({ file, line, message });
  }

  async importCorpus(dir: string): Promise<void> {
    await this.importPoets(path.join(dir, "poets.jsonl"), path.join(dir, "biographies.jsonl"));
    await this.importPoemsFile(path.join(dir, "poems.jsonl"));
    const collections = path.join(dir, "collections.jsonl");
    if (existsSync(collections)) await this.importCollections(collections);
  }

  private async importPoets(poetsFile: string, biographiesFile: string): Promise<void> {
    const biographies = new Map<string, { bio: CorpusBiography; line: number }>();
    if (existsSync(biographiesFile)) {
      for await (const row of readJsonLines(biographiesFile)) {
        const bio = this.validate(CorpusBiographySchema, row, biographiesFile);
        if (bio) biographies.set(normalizeText(bio.name), { bio, line: row.line });
      }
    }
    const drafts: PoetDraft[] = [];
    const named = new Set<string>();
    if (existsSync(poetsFile)) {
      for await (const row of readJsonLines(poetsFile)) {
        const poet: CorpusPoet | undefined = this.validate(CorpusPoetSchema, row, poetsFile);
        if (!poet) continue;
        const name = normalizeText(poet.name);
        if (named.has(name)) {
          this.issue(poetsFile, row.line, `duplicate poet name '${name}'`);
          continue;
        }
        named.add(name);
        drafts.push(buildPoetDraft(name, poet, biographies.get(name)?.bio));
        this.progress({ phase: "poets", file: poetsFile, done: drafts.length });
      }
    }
    for (const [name, { line }] of biographies) {
      if (!named.has(name) && !this.poets.has(name)) {
        this.issue(biographiesFile, line, `no poet named '${name}' in poets.jsonl`);
      } else if (!named.has(name)) {
        drafts.push(buildPoetDraft(name, undefined, biographies.get(name)?.bio));
      }
    }
    await this.writePoets(drafts, true);
  }

  /** Inserts new poets and, when `update` is set, rewrites those whose content changed. */
  private async writePoets(drafts: PoetDraft[], update: boolean): Promise<void> {
    const fresh: PoetDraft[] = [];
    for (const draft of drafts) {
      const known = this.poets.get(draft.name);
      if (!known) fresh.push(draft);
      else if (update && known.content_hash !== draft.content_hash) {
        await updatePoet(this.db, known.id, draft);
        this.poets.set(draft.name, { ...known, content_hash: draft.content_hash });
        this.report.poets.updated++;
      } else this.report.poets.unchanged++;
    }
    const rows = fresh.map((draft) => ({ ...draft, directory: this.assignDirectory(draft.name) }));
    for (const poet of await insertPoets(this.db, rows)) this.poets.set(poet.name, poet);
    this.report.poets.inserted += rows.length;
  }

  private assignDirectory(name: string): string {
    const base = slugify(name) || "poet";
    let directory = base;
    for (let n = 2; this.directories.has(directory); n++) directory = `${base}-${n}`;
    this.directories.add(directory);
    return directory;
  }

  /** Authors met in poems but absent from poets.jsonl get a poet row with just their name. */
  private async ensurePoets(names: Iterable<string>): Promise<void> {
    // Batches are written concurrently: chain the poet inserts so two batches never add the same poet.
    const unique = [...new Set(names)];
    const next = this.poetWrites.then(async () => {
      const missing = unique.filter((n) => !this.poets.has(n));
      if (missing.length > 0) await this.writePoets(missing.map((n) => buildPoetDraft(n)), false);
    });
    this.poetWrites = next.catch(() => {});
    await next;
  }

  async importPoemsFile(file: string): Promise<void> {
    let batch: { draft: PoemDraft; line: number }[] = [];
    let done = 0;
    for await (const row of readJsonLines(file)) {
      const record = this.validate(CorpusPoemSchema, row, file);
      if (record) {
        this.rememberBookPlace(record);
        const draft = this.acceptPoem(buildPoemDraft(record), file, row.line);
        if (draft) batch.push({ draft, line: row.line });
      }
      done++;
      if (batch.length >= BATCH_SIZE) {
        await this.queuePoems(batch, file);
        batch = [];
        this.progress({ phase: "poems", file, done, bytesRead: row.bytesRead, totalBytes: row.totalBytes });
      }
    }
    await this.queuePoems(batch, file);
    await this.flushPoems();
    this.progress({ phase: "poems", file, done });
  }

  private rememberBookPlace(record: CorpusPoem): void {
    if (record.collection) {
      this.bookPlaces.set(record.id, {
        collection: record.collection,
        section: record.section ?? null,
        number: record.number ?? null,
      });
    }
  }

  /** Rejects a second record with an id already imported in this run (it would overwrite the first). */
  private acceptPoem(draft: PoemDraft, file: string, line: number): PoemDraft | null {
    if (this.seenPoemIds.has(draft.id)) {
      this.issue(file, line, `duplicate poem id ${draft.id} ('${draft.title}'); the first record is kept`);
      return null;
    }
    this.seenPoemIds.add(draft.id);
    return draft;
  }

  /**
   * Writes one batch while the caller goes on parsing the next: a bounded number of batches are in flight,
   * and a failure is raised at a later call (or at `flushPoems`), never lost.
   */
  private async queuePoems(batch: { draft: PoemDraft; line: number }[], file: string): Promise<void> {
    this.spendPoemChars(batch.reduce((sum, { draft }) => sum + draft.content.length, 0));
    while (this.inflight.length >= MAX_BATCHES_IN_FLIGHT) {
      const error = await this.inflight.shift();
      if (error) throw error;
    }
    this.inflight.push(
      this.writePoems(batch, file).then(
        () => undefined,
        (error: unknown) => error,
      ),
    );
  }

  private async flushPoems(): Promise<void> {
    const pending = this.inflight.splice(0);
    const errors = (await Promise.all(pending)).filter(Boolean);
    if (errors.length > 0) throw errors[0];
  }

  private async writePoems(batch: { draft: PoemDraft; line: number }[], file: string): Promise<void> {
    if (batch.length === 0) return;
    await this.ensurePoets(batch.map((b) => b.draft.author));
    const { hashes, slugOwners } = await findStoredKeys(
      this.db,
      batch.map((b) => b.draft.id),
      batch.map((b) => b.draft.slug),
    );
    const changed = batch.filter(({ draft }) => hashes.get(draft.id) !== draft.content_hash);
    this.report.poems.unchanged += batch.length - changed.length;
    const rows = changed.map(({ draft }) => {
      const { author, ...row } = draft;
      // A slug already held by another poem falls back to the full id, which is unique by definition.
      const owner = slugOwners.get(row.slug);
      const slug = owner && owner !== row.id ? `${row.slug.slice(0, -6)}${row.id}` : row.slug;
      slugOwners.set(slug, row.id);
      return { ...row, slug, poet_id: this.poets.get(author)!.id };
    });
    if (rows.length === 0) return;
    try {
      add(this.report.poems, await this.db.transaction().execute((trx) => upsertPoems(trx, rows)));
    } catch (error) {
      this.issue(file, batch[0].line, `batch of ${rows.length} poems not written: ${(error as Error).message}`);
      throw error;
    }
  }

  private async importCollections(file: string): Promise<void> {
    let done = 0;
    for await (const row of readJsonLines(file)) {
      const record = this.validate(CorpusCollectionSchema, row, file);
      if (record) await this.writeCorpusCollection(record, file, row.line);
      this.progress({ phase: "collections", file, done: ++done });
    }
  }

  private async writeCorpusCollection(record: CorpusCollection, file: string, line: number): Promise<void> {
    const present = await existingPoemIds(this.db, record.poem_ids);
    const missing = record.poem_ids.filter((id) => !present.has(id));
    if (missing.length > 0) {
      this.issue(file, line, `'${record.title}': ${missing.length} poem id(s) not found (${missing.slice(0, 5).join(", ")})`);
    }
    const links = record.poem_ids.flatMap((id, index) => {
      if (!present.has(id)) return [];
      const place = this.bookPlaces.get(id);
      const own = place?.collection === record.title;
      return [{ poem_id: id, sequence: index + 1, section: own ? place.section : null, number: own ? place.number : null }];
    });
    const single = record.authors.length === 1 ? this.poets.get(normalizeText(record.authors[0])) : undefined;
    const fields = {
      id: slugify(record.title),
      title: normalizeText(record.title),
      year: record.year ?? null,
      poet_id: record.anthology ? null : (single?.id ?? null),
      author: record.author,
      editor: record.editor ?? null,
      description: record.note ?? null,
      rights: record.rights,
      anthology: record.anthology,
      gutenberg_id: record.gutenberg_id ?? null,
      source_repo: record.source_repo ?? null,
      source_path: record.source_path ?? null,
      source_commit: record.source_commit ?? null,
      sections: JSON.stringify(record.sections),
    };
    this.countCollection(await upsertCollection(this.db, { ...fields, content_hash: sha1(JSON.stringify([fields, links])) }, links));
  }

  private countCollection(result: CollectionWrite): void {
    this.report.collections[result]++;
  }

  async importMarkdown(dir: string): Promise<void> {
    const books = new Map<string, PendingCollection>();
    let batch: { draft: PoemDraft; line: number }[] = [];
    let done = 0;
    for await (const md of readMarkdownPoems(dir)) {
      done++;
      if (md.error) {
        this.issue(md.file, 1, md.error);
        continue;
      }
      const parsed = MarkdownFrontMatterSchema.safeParse(md.data);
      if (!parsed.success) {
        this.issue(md.file, 1, describeZodError(parsed.error));
        continue;
      }
      const fm = parsed.data;
      if (md.body.trim() === "") {
        this.issue(md.file, 1, "content is empty");
        continue;
      }
      const id = fm.id ?? derivePoemId(fm.author, fm.title);
      const draft = this.acceptPoem(
        buildPoemDraft({ id, title: fm.title, author: fm.author, year: fm.year, content: md.body, flags: [] }),
        md.file,
        1,
      );
      if (!draft) continue;
      batch.push({ draft, line: 1 });
      if (fm.collection) {
        const book = books.get(fm.collection) ?? { title: fm.collection, authors: new Set(), entries: [] };
        book.authors.add(draft.author);
        book.entries.push({ id, sequence: fm.sequence ?? book.entries.length + 1, section: fm.section ?? null });
        books.set(fm.collection, book);
      }
      if (batch.length >= BATCH_SIZE) {
        await this.queuePoems(batch, dir);
        batch = [];
      }
      this.progress({ phase: "poems", file: dir, done });
    }
    await this.queuePoems(batch, dir);
    await this.flushPoems();
    for (const book of books.values()) await this.writeAssembledCollection(book);
  }

  /** A collection described only by its poems' front matter: ordered by their `sequence`. */
  private async writeAssembledCollection(book: PendingCollection): Promise<void> {
    const entries = [...book.entries].sort((a, b) => a.sequence - b.sequence);
    const links = entries.map((e, index) => ({ poem_id: e.id, sequence: index + 1, section: e.section, number: null }));
    const authors = [...book.authors];
    const fields = {
      id: slugify(book.title),
      title: normalizeText(book.title),
      year: null,
      poet_id: authors.length === 1 ? this.poets.get(authors[0])!.id : null,
      author: authors.length === 1 ? authors[0] : "Various",
      editor: null,
      description: null,
      rights: "pd" as const,
      anthology: authors.length > 1,
      gutenberg_id: null,
      source_repo: null,
      source_path: null,
      source_commit: null,
      sections: JSON.stringify([...new Set(entries.map((e) => e.section).filter(Boolean))]),
    };
    this.countCollection(await upsertCollection(this.db, { ...fields, content_hash: sha1(JSON.stringify([fields, links])) }, links));
  }

  async importPoetryDb(file: string): Promise<void> {
    const { items, error } = await readPoetryDbFile(file);
    if (error) this.issue(file, 1, error);
    let batch: { draft: PoemDraft; line: number }[] = [];
    for (const [index, item] of items.entries()) {
      const parsed = PoetryDbPoemSchema.safeParse(item);
      if (!parsed.success) {
        this.issue(file, index + 1, describeZodError(parsed.error));
        continue;
      }
      const { title, author, lines } = parsed.data;
      const id = derivePoemId(author, title);
      const draft = this.acceptPoem(
        buildPoemDraft({ id, title, author, content: lines.join("\n"), flags: [] }),
        file,
        index + 1,
      );
      if (draft) batch.push({ draft, line: index + 1 });
      if (batch.length >= BATCH_SIZE) {
        await this.queuePoems(batch, file);
        batch = [];
      }
      this.progress({ phase: "poems", file, done: index + 1 });
    }
    await this.queuePoems(batch, file);
    await this.flushPoems();
  }

  private validate<T>(
    schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: import("zod").ZodError } },
    row: { line: number; value?: unknown; error?: string },
    file: string,
  ): T | undefined {
    if (row.error) {
      this.issue(file, row.line, row.error);
      return undefined;
    }
    const parsed = schema.safeParse(row.value);
    if (parsed.success) return parsed.data;
    this.issue(file, row.line, describeZodError(parsed.error));
    return undefined;
  }
}
