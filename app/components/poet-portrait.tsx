import "~/styles/poets.css";
import { useEffect, useRef, useState } from "react";

interface PoetPortraitProps {
  name: string;
  url: string | null | undefined;
  /** Alternative text; empty (decorative) where the name is printed beside the portrait. */
  alt?: string;
  size?: "small" | "large";
}

/** The first letter of a name (a whole character, never half of a surrogate pair), upper-cased. */
export function initialOf(name: string): string {
  const first = Array.from(name.trim().replace(/^[^\p{L}\p{N}]+/u, ""))[0];
  return (first ?? "?").toUpperCase();
}

/**
 * A poet's portrait, or the first letter of the name when there is no image or the image fails to load.
 * A fresh URL starts a fresh attempt (the inner component is keyed by it).
 */
export function PoetPortrait(props: PoetPortraitProps) {
  return <Portrait key={props.url ?? ""} {...props} />;
}

function Portrait({ name, url, alt = "", size = "small" }: PoetPortraitProps) {
  const [failed, setFailed] = useState(false);
  const image = useRef<HTMLImageElement>(null);

  // An image that failed while the page was still server-rendered HTML fired its error event before React
  // was listening: look at the element once hydrated.
  useEffect(() => {
    const img = image.current;
    if (img?.complete && img.naturalWidth === 0) setFailed(true);
  }, []);

  const className = `poet-portrait poet-portrait--${size}`;
  if (!url || failed) {
    return (
      <span className={`${className} poet-portrait--initial`} aria-hidden="true" data-testid="portrait-initial">
        {initialOf(name)}
      </span>
    );
  }
  return (
    <img
      ref={image}
      className={className}
      src={url}
      alt={alt}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}
