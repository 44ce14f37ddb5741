import type { PoemDetail } from "~/server/serialize.server";

const GUTENBERG_EDITION = /^gutenberg:(\d+)$/;

function Edition({ edition }: { edition: string }) {
  const gutenberg = GUTENBERG_EDITION.exec(edition);
  if (gutenberg) {
    return <a href={`https://www.gutenberg.org/ebooks/${gutenberg[1]}`}>Project Gutenberg eBook #{gutenberg[1]}</a>;
  }
  return <>{edition}</>;
}

/** Where the text comes from and on what basis it is public domain: the reader's reason to trust it. */
export function PoemProvenance({ poem }: { poem: Pick<PoemDetail, "collections" | "source" | "rights"> }) {
  const book = poem.collections[0];
  const { edition, repository } = poem.source;
  return (
    <aside className="provenance" aria-label="About this text">
      {book && (
        <p>
          From <cite>{book.title}</cite>
          {book.year != null && ` (${book.year})`}.
        </p>
      )}
      {(edition || repository) && (
        <p>
          Source: {edition && <Edition edition={edition} />}
          {edition && repository && repository !== edition && ", via "}
          {repository && repository !== edition && <a href={`https://github.com/${repository}`}>{repository}</a>}.
        </p>
      )}
      {poem.rights === "pd_us_only" && (
        <p className="provenance__rights">
          This poem is in the public domain in the United States. It may still be protected by copyright in
          other countries.
        </p>
      )}
    </aside>
  );
}
