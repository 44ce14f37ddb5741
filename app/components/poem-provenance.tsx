import { useId } from "react";
import { Link } from "react-router";
import type { PoemDetail } from "~/server/serialize.server";

const GUTENBERG_EDITION = /^gutenberg:(\d+)$/;
const FACJURE = "facjure/public-domain-poetry";

/** The credits beyond source and rights are optional, so a list row or reader item can show provenance too. */
type ProvenancePoem = Pick<PoemDetail, "collections" | "source" | "rights"> &
  Partial<Pick<PoemDetail, "editor" | "translator" | "note" | "editorial_note">>;

/** The stored file at the exact commit it was taken from, so the link shows the text as imported. */
function repositoryUrl({ repository, path, commit }: PoemDetail["source"]): string | null {
  if (!repository) return null;
  if (!path) return `https://github.com/${repository}`;
  return `https://github.com/${repository}/blob/${commit ?? "HEAD"}/${path.split("/").map(encodeURIComponent).join("/")}`;
}

function SourceText({ source }: { source: PoemDetail["source"] }) {
  const gutenberg = source.edition ? GUTENBERG_EDITION.exec(source.edition) : null;
  const repoUrl = repositoryUrl(source);
  const shortCommit = source.commit?.slice(0, 7);
  if (gutenberg) {
    return (
      <p>
        Source text:{" "}
        <a href={`https://www.gutenberg.org/ebooks/${gutenberg[1]}`}>Project Gutenberg eBook #{gutenberg[1]}</a>
        {repoUrl && (
          <>
            , as transcribed in <a href={repoUrl}>{source.repository}</a>
            {shortCommit && ` (commit ${shortCommit})`}
          </>
        )}
        .
      </p>
    );
  }
  if (source.repository === FACJURE || source.edition === FACJURE) {
    return (
      <p>
        Source text: the <a href={repoUrl ?? `https://github.com/${FACJURE}`}>facjure public-domain-poetry</a>{" "}
        collection{shortCommit && ` (commit ${shortCommit})`}, gathered from Project Gutenberg and
        public-domain-poetry.com; transcription © Facjure LLC, shared under a BSD-style licence.
      </p>
    );
  }
  if (repoUrl) {
    return (
      <p>
        Source text: <a href={repoUrl}>{source.repository}</a>
        {shortCommit && ` (commit ${shortCommit})`}.
      </p>
    );
  }
  if (source.edition) return <p>Source text: {source.edition}.</p>;
  return null;
}

/**
 * Where the text comes from and on what basis it is public domain: the edition, the source text and the
 * rights in plain words. A reader can always see where a text comes from.
 */
export function PoemProvenance({ poem }: { poem: ProvenancePoem }) {
  const book = poem.collections[0];
  const headingId = useId();
  return (
    <aside className="provenance" aria-labelledby={headingId}>
      <h2 className="provenance__heading" id={headingId}>
        About this text
      </h2>
      {book && (
        <p>
          From <Link to={`/collections/${encodeURIComponent(book.id)}`}>{book.title}</Link>
          {book.year != null && !book.title.includes(String(book.year)) && ` (${book.year})`}
          {poem.editor && `, edited by ${poem.editor}`}
          {poem.translator && `, translated by ${poem.translator}`}.
        </p>
      )}
      {!book && (poem.editor || poem.translator) && (
        <p>
          {poem.editor && `Edited by ${poem.editor}`}
          {poem.editor && poem.translator && "; "}
          {poem.translator && `${poem.editor ? "t" : "T"}ranslated by ${poem.translator}`}.
        </p>
      )}
      {poem.note && <p>Note: {poem.note}</p>}
      {poem.editorial_note && <p>Editorial note: {poem.editorial_note}</p>}
      <SourceText source={poem.source} />
      {poem.rights === "pd_us_only" ? (
        <p className="provenance__rights">
          This poem is in the public domain in the United States, where it was first published before 1929. It
          may still be protected by copyright in other countries, where copyright can last for the author's life
          plus 70 years.
        </p>
      ) : (
        <p className="provenance__rights">
          Public domain: first published before 1929, by an author who died more than 70 years ago, so it is free
          to read, copy and share in the United States and in countries where copyright lasts for the author's
          life plus 70 years.
        </p>
      )}
    </aside>
  );
}
