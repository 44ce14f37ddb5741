import { createHash } from "node:crypto";
import { createWriteStream } from "node:fs";
import { pipeline } from "node:stream/promises";
import yazl from "yazl";
import {
  FACJURE_CREDIT,
  FACJURE_SOURCE,
  FACJURE_STATEMENT,
  PUBLIC_DOMAIN_BASIS,
  WIKIPEDIA_ATTRIBUTION,
  ZENUP_LICENCE,
} from "~/lib/open-data";
import type { DB } from "../db.server";
import {
  countExportPoems,
  type EpubBookInfo,
  epubBookInfo,
  type ResolvedScope,
  streamEpubPoems,
} from "../models/export.server";
import { writeFileAtomically } from "./atomic.server";
import { escapeXml, type EpubPoem, POETRY_CSS, poemXhtml, xhtmlDocument } from "./epub-markup";
import type { ExportProgressFn } from "./progress";

interface TocEntry {
  key: string;
  title: string;
  section: string | null;
}

const CONTAINER_XML = `<?xml version="1.0" encoding="utf-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
<rootfiles>
<rootfile full-path="EPUB/content.opf" media-type="application/oebps-package+xml"/>
</rootfiles>
</container>
`;

/** A stable urn:uuid for a book: the same site and scope always give the same identifier. */
function bookUuid(siteName: string, scope: ResolvedScope): string {
  const key = scope.kind === "collection" ? `collection:${scope.id}` : scope.kind === "poet" ? `poet:${scope.poetId}` : "all";
  const hex = createHash("sha1").update(`${siteName}\n${key}`).digest("hex");
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `urn:uuid:${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function rightsStatement(book: EpubBookInfo): string {
  return book.rights === "pd_us_only"
    ? "Public domain in the United States only: still under copyright where it lasts the author's life plus 70 years."
    : "Public domain in the United States.";
}

function sourceOf(book: EpubBookInfo): string | null {
  if (book.gutenbergId) return `https://www.gutenberg.org/ebooks/${book.gutenbergId}`;
  if (book.sourceRepo) return `https://github.com/${book.sourceRepo}`;
  return null;
}

function byline(book: EpubBookInfo): string {
  if (book.anthology) return book.editor ? `Edited by ${book.editor}` : book.author;
  return `By ${book.author}`;
}

function titlePage(book: EpubBookInfo): string {
  const lines = [
    `<section id="titlepage" epub:type="titlepage">`,
    `<h1 epub:type="title">${escapeXml(book.title)}</h1>`,
    `<p>${escapeXml(byline(book))}</p>`,
    book.year ? `<p>${book.year}</p>` : "",
    book.poet?.description ? `<p class="description">${escapeXml(book.poet.name)}: ${escapeXml(book.poet.description)}</p>` : "",
    book.note ? `<p class="note">${escapeXml(book.note)}</p>` : "",
    `</section>`,
  ];
  return xhtmlDocument({ title: book.title, bodyType: "frontmatter", body: lines.filter(Boolean).join("\n") });
}

function noticesPage(book: EpubBookInfo, options: { siteName: string; facjure: boolean }): string {
  const source = sourceOf(book);
  const parts = [
    `<section id="notices" epub:type="copyright-page">`,
    `<h2 epub:type="title">Sources and Licences</h2>`,
    `<p>This ebook was made by ${escapeXml(options.siteName)} from its database. ${escapeXml(rightsStatement(book))}</p>`,
    source ? `<p>Source: <a href="${escapeXml(source)}">${escapeXml(source)}</a>.</p>` : "",
    `<p>${escapeXml(PUBLIC_DOMAIN_BASIS)}</p>`,
    book.poet?.description ? `<p>${escapeXml(WIKIPEDIA_ATTRIBUTION)}</p>` : "",
    options.facjure ? `<p>${escapeXml(FACJURE_CREDIT)}</p>\n<p>${escapeXml(FACJURE_STATEMENT)}</p>\n<pre>${escapeXml(ZENUP_LICENCE)}</pre>` : "",
    `</section>`,
  ];
  return xhtmlDocument({ title: "Sources and Licences", bodyType: "backmatter", body: parts.filter(Boolean).join("\n") });
}

/** The table of contents; consecutive poems of one section of the book are grouped under its name. */
function navDocument(book: EpubBookInfo, entries: TocEntry[]): string {
  const item = (e: TocEntry) => `<li><a href="text/${e.key}.xhtml">${escapeXml(e.title)}</a></li>`;
  const out: string[] = [`<li><a href="text/titlepage.xhtml">Title Page</a></li>`];
  for (let i = 0; i < entries.length; ) {
    const section = entries[i].section;
    if (!section) {
      out.push(item(entries[i++]));
      continue;
    }
    const group: TocEntry[] = [];
    while (i < entries.length && entries[i].section === section) group.push(entries[i++]);
    out.push(`<li><span>${escapeXml(section)}</span>\n<ol>\n${group.map(item).join("\n")}\n</ol>\n</li>`);
  }
  out.push(`<li><a href="text/notices.xhtml">Sources and Licences</a></li>`);
  const body = [
    `<nav id="toc" epub:type="toc">`,
    `<h2 epub:type="title">Table of Contents</h2>`,
    `<ol>\n${out.join("\n")}\n</ol>`,
    `</nav>`,
    `<nav id="landmarks" epub:type="landmarks" hidden="hidden">`,
    `<h2 epub:type="title">Landmarks</h2>`,
    `<ol>`,
    `<li><a href="text/titlepage.xhtml" epub:type="titlepage">Title Page</a></li>`,
    entries[0] ? `<li><a href="text/${entries[0].key}.xhtml" epub:type="bodymatter">${escapeXml(book.title)}</a></li>` : "",
    `</ol>`,
    `</nav>`,
  ];
  return xhtmlDocument({ title: book.title, bodyType: "frontmatter", body: body.filter(Boolean).join("\n"), css: false });
}

function packageDocument(book: EpubBookInfo, entries: TocEntry[], identifier: string, siteName: string): string {
  const modified = `${book.modified.toISOString().slice(0, 19)}Z`;
  const source = sourceOf(book);
  const xhtml = (id: string, href: string, extra = "") =>
    `<item id="${id}" href="${href}" media-type="application/xhtml+xml"${extra}/>`;
  const creator = book.anthology ? book.editor : book.author;
  return `<?xml version="1.0" encoding="utf-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid" xml:lang="en">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
<dc:identifier id="uid">${identifier}</dc:identifier>
<dc:title>${escapeXml(book.title)}</dc:title>
${creator ? `<dc:creator id="creator">${escapeXml(creator)}</dc:creator>\n` : ""}${book.anthology && book.editor ? `<meta refines="#creator" property="role" scheme="marc:relators">edt</meta>\n` : ""}<dc:language>en</dc:language>
<dc:publisher>${escapeXml(siteName)}</dc:publisher>
<dc:rights>${escapeXml(rightsStatement(book))}</dc:rights>
${source ? `<dc:source>${escapeXml(source)}</dc:source>\n` : ""}<meta property="dcterms:modified">${modified}</meta>
</metadata>
<manifest>
${xhtml("nav", "nav.xhtml", ` properties="nav"`)}
<item id="css" href="css/poetry.css" media-type="text/css"/>
${xhtml("titlepage", "text/titlepage.xhtml")}
${entries.map((e) => xhtml(e.key, `text/${e.key}.xhtml`)).join("\n")}
${xhtml("notices", "text/notices.xhtml")}
</manifest>
<spine>
<itemref idref="titlepage"/>
<itemref idref="nav"/>
${entries.map((e) => `<itemref idref="${e.key}"/>`).join("\n")}
<itemref idref="notices"/>
</spine>
</package>
`;
}

export interface EpubExportResult {
  poems: number;
  title: string;
}

/**
 * Writes one collection (or one poet's poems) as an EPUB 3. Poems are read a page at a time and each goes
 * into the archive as its own XHTML file; the package and navigation documents, which list every poem, come
 * last. The `mimetype` entry is first and stored uncompressed, as the OCF container format requires.
 */
export async function exportEpub(
  db: DB,
  scope: ResolvedScope,
  target: string,
  options: { siteName: string; onProgress?: ExportProgressFn },
): Promise<EpubExportResult> {
  const book = await epubBookInfo(db, scope);
  const total = await countExportPoems(db, scope);
  const entries: TocEntry[] = [];
  await writeFileAtomically(target, async (temp) => {
    const zip = new yazl.ZipFile();
    const written = pipeline(zip.outputStream, createWriteStream(temp));
    const mtime = book.modified;
    const add = (name: string, text: string, compress = true) =>
      zip.addBuffer(Buffer.from(text, "utf8"), name, { mtime, compress, forceDosTimestamp: true });
    add("mimetype", "application/epub+zip", false);
    add("META-INF/container.xml", CONTAINER_XML);
    add("EPUB/css/poetry.css", POETRY_CSS);
    add("EPUB/text/titlepage.xhtml", titlePage(book));
    let facjure = false;
    for await (const page of streamEpubPoems(db, scope)) {
      for (const row of page) {
        const key = `poem-${String(entries.length + 1).padStart(4, "0")}`;
        const poem: EpubPoem = { ...row, key };
        add(`EPUB/text/${key}.xhtml`, poemXhtml(poem, !book.poet || row.author !== book.poet.name));
        entries.push({ key, title: row.title, section: row.section });
        facjure ||= row.source === FACJURE_SOURCE;
      }
      options.onProgress?.({ done: entries.length, total });
    }
    add("EPUB/text/notices.xhtml", noticesPage(book, { siteName: options.siteName, facjure }));
    add("EPUB/nav.xhtml", navDocument(book, entries));
    add("EPUB/content.opf", packageDocument(book, entries, bookUuid(options.siteName, scope), options.siteName));
    zip.end();
    await written;
  });
  return { poems: entries.length, title: book.title };
}
