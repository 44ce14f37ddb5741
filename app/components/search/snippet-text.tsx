import { type SnippetPart, snippetLines, snippetOneLine } from "~/lib/snippet-lines";

function Parts({ parts }: { parts: SnippetPart[] }) {
  return (
    <>
      {parts.map((part, i) =>
        part.match ? (
          <mark key={i} className="search-mark">
            {part.text}
          </mark>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}

/**
 * A content hit's snippet with its matched words marked, built as React elements from the answer's segments
 * (text is always text here). `oneLine` joins the lines for the dropdown; otherwise each line is its own.
 */
export function SnippetText({
  segments,
  fallback,
  oneLine = false,
  className,
}: {
  segments: unknown;
  fallback?: string;
  oneLine?: boolean;
  className?: string;
}) {
  if (oneLine) {
    return (
      <span className={className}>
        <Parts parts={snippetOneLine(segments, fallback)} />
      </span>
    );
  }
  return (
    <span className={className}>
      {snippetLines(segments, fallback).map((line, i) => (
        <span key={i} className="search-snippet__line">
          <Parts parts={line} />
        </span>
      ))}
    </span>
  );
}
