import type { CSSProperties, Ref } from "react";
import { renderInlineMarkup } from "~/lib/inline-markup";
import { poemStanzas } from "~/lib/poem-lines";
import "~/styles/poem.css";

/**
 * THE renderer of stored poem text, after Standard Ebooks' poetry conventions: a block per stanza, an
 * element per line with a hanging indent for wrapped lines, the poet's indentation kept, inline markup as
 * elements (never injected HTML), no <pre>. Each line carries `id="L{n}"` (n counts non-blank lines from 1,
 * see poem-lines.ts) so `#L12` links to a line and `:target` highlights it.
 *
 * The leading spaces stay in the text as written (copying a poem keeps its shape; `pre-wrap` shows them);
 * `--indent` (their count in columns) lets the stylesheet hang a wrapped line 1em past the line's own start.
 */
export function PoemBody({
  content,
  maxLines,
  anchors = true,
  idPrefix = "L",
  className,
  style,
  ref,
  ...rest
}: {
  content: string;
  /** Show only the first lines (the random screen's preview). */
  maxLines?: number;
  /** Give lines their `L{n}` ids; turn off when several bodies share a page. */
  anchors?: boolean;
  idPrefix?: string;
  className?: string;
  style?: CSSProperties;
  ref?: Ref<HTMLDivElement>;
} & Omit<React.HTMLAttributes<HTMLDivElement>, "children" | "className" | "style">) {
  const stanzas = poemStanzas(content, maxLines);
  return (
    <div {...rest} ref={ref} className={className ? `poem-text ${className}` : "poem-text"} style={style}>
      {stanzas.map((lines) => (
        <p className="poem-text__stanza" key={lines[0]!.n}>
          {lines.map((line) => (
            <span
              key={line.n}
              id={anchors ? `${idPrefix}${line.n}` : undefined}
              className={line.sectionBreak ? "poem-text__line poem-text__line--break" : "poem-text__line"}
              style={line.indent ? ({ "--indent": line.indent } as CSSProperties) : undefined}
            >
              {line.sectionBreak ? line.raw : renderInlineMarkup(line.raw)}
            </span>
          ))}
        </p>
      ))}
    </div>
  );
}
