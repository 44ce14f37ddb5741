/** Stanzas are separated by blank lines in the stored text; each stanza's lines stay as written. */
export function splitStanzas(content: string): string[][] {
  return content
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n+/)
    .map((stanza) => stanza.split("\n").filter((line) => line.trim() !== ""))
    .filter((lines) => lines.length > 0);
}

/**
 * Renders poem text as React elements (never raw HTML): one block per stanza, one element per line.
 * Lines use `white-space: pre-wrap` in the stylesheet so leading indentation survives and long lines
 * wrap instead of overflowing.
 */
export function PoemText({ content }: { content: string }) {
  const stanzas = splitStanzas(content);
  return (
    <div className="poem-text">
      {stanzas.map((lines, s) => (
        <p className="poem-text__stanza" key={s}>
          {lines.map((line, l) => (
            <span className="poem-text__line" key={l}>
              {line}
            </span>
          ))}
        </p>
      ))}
    </div>
  );
}
