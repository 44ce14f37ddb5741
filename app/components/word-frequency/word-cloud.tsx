import type { Word } from "d3-cloud";
import { useEffect, useRef, useState } from "react";
import {
  CLOUD_COLORS,
  CLOUD_MAX_ROTATION,
  CLOUD_WIDTH,
  clampZoom,
  cloudFontSize,
  CLOUD_ZOOM,
  searchHref,
  WORD_FREQUENCY_HEIGHT,
  type WordFrequency,
} from "~/lib/word-frequency";

interface PlacedWord {
  text: string;
  size: number;
  x: number;
  y: number;
  rotate: number;
  frequency: number;
}

/** Rotation within ±30°, in steps of 15° so the cloud stays readable. */
const ROTATIONS = [-CLOUD_MAX_ROTATION, -15, 0, 0, 0, 15, CLOUD_MAX_ROTATION];

/**
 * The word cloud (d3-cloud lays the words out in the browser; the server shows the list instead). Zoom with
 * the buttons, ctrl/meta + wheel or a two-finger pinch, 0.5 to 2; maximize goes full screen and, like leaving
 * it, resets zoom to 1 and pan to the origin. Every word links to the search for it.
 */
export function WordCloud({ words }: { words: WordFrequency[] }) {
  const [placed, setPlaced] = useState<PlacedWord[] | null>(null);
  const [zoom, setZoom] = useState(1);
  const [pan, setPan] = useState({ x: 0, y: 0 });
  const [maximized, setMaximized] = useState(false);
  const frameRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let cancelled = false;
    setPlaced(null);
    if (words.length === 0) return;
    const frequencies = words.map((w) => w.frequency);
    const least = Math.min(...frequencies);
    const most = Math.max(...frequencies);
    const byWord = new Map(words.map((w) => [w.word, w.frequency]));
    void import("d3-cloud").then(({ default: cloud }) => {
      if (cancelled) return;
      const layout = cloud<Word>()
        .size([CLOUD_WIDTH, WORD_FREQUENCY_HEIGHT])
        .words(words.map((w) => ({ text: w.word, size: cloudFontSize(w.frequency, least, most) })))
        .padding(2)
        .rotate(() => ROTATIONS[Math.floor(Math.random() * ROTATIONS.length)]!)
        .font("Georgia, serif")
        .fontSize((d) => d.size ?? 10)
        .on("end", (out) => {
          if (cancelled) return;
          setPlaced(
            out.map((d) => ({
              text: d.text ?? "",
              size: d.size ?? 10,
              x: d.x ?? 0,
              y: d.y ?? 0,
              rotate: d.rotate ?? 0,
              frequency: byWord.get(d.text ?? "") ?? 0,
            })),
          );
        });
      layout.start();
    });
    return () => {
      cancelled = true;
    };
  }, [words]);

  // ctrl/meta + wheel zooms (a non-passive listener, so the page does not zoom too); two fingers pinch.
  useEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey && !event.metaKey) return;
      event.preventDefault();
      setZoom((z) => clampZoom(z + (event.deltaY < 0 ? CLOUD_ZOOM.step : -CLOUD_ZOOM.step)));
    };
    let pinch: { spread: number; zoom: number } | null = null;
    let currentZoom = 1;
    const spread = (t: TouchList) => Math.hypot(t[0]!.clientX - t[1]!.clientX, t[0]!.clientY - t[1]!.clientY);
    const onTouchStart = (event: TouchEvent) => {
      if (event.touches.length === 2) pinch = { spread: spread(event.touches), zoom: currentZoom };
    };
    const onTouchMove = (event: TouchEvent) => {
      if (!pinch || event.touches.length !== 2) return;
      event.preventDefault();
      currentZoom = clampZoom(pinch.zoom * (spread(event.touches) / pinch.spread));
      setZoom(currentZoom);
    };
    const onTouchEnd = () => {
      pinch = null;
    };
    frame.addEventListener("wheel", onWheel, { passive: false });
    frame.addEventListener("touchstart", onTouchStart, { passive: true });
    frame.addEventListener("touchmove", onTouchMove, { passive: false });
    frame.addEventListener("touchend", onTouchEnd);
    return () => {
      frame.removeEventListener("wheel", onWheel);
      frame.removeEventListener("touchstart", onTouchStart);
      frame.removeEventListener("touchmove", onTouchMove);
      frame.removeEventListener("touchend", onTouchEnd);
    };
  }, []);

  // Leaving full screen with Escape ends the maximized state too.
  useEffect(() => {
    const onChange = () => {
      if (!document.fullscreenElement && maximized) {
        setMaximized(false);
        setZoom(1);
        setPan({ x: 0, y: 0 });
      }
    };
    document.addEventListener("fullscreenchange", onChange);
    return () => document.removeEventListener("fullscreenchange", onChange);
  }, [maximized]);

  const toggleMaximize = () => {
    const next = !maximized;
    setMaximized(next);
    setZoom(1);
    setPan({ x: 0, y: 0 });
    const frame = frameRef.current;
    if (next && frame?.requestFullscreen) frame.requestFullscreen().catch(() => {});
    else if (!next && document.fullscreenElement) document.exitFullscreen().catch(() => {});
  };

  if (words.length === 0) {
    return <p className="word-frequency__empty">No word frequency data available for the selected filters.</p>;
  }

  return (
    <div ref={frameRef} className={`word-cloud${maximized ? " is-maximized" : ""}`} data-zoom={zoom}>
      <div className="word-cloud__tools" role="group" aria-label="Cloud zoom">
        <button
          type="button"
          onClick={() => setZoom((z) => clampZoom(z - CLOUD_ZOOM.step))}
          disabled={zoom <= CLOUD_ZOOM.min}
          aria-label="Zoom out"
        >
          −
        </button>
        <span className="word-cloud__zoom" aria-live="polite">
          {Math.round(zoom * 100)}%
        </span>
        <button
          type="button"
          onClick={() => setZoom((z) => clampZoom(z + CLOUD_ZOOM.step))}
          disabled={zoom >= CLOUD_ZOOM.max}
          aria-label="Zoom in"
        >
          +
        </button>
        <button type="button" onClick={toggleMaximize} aria-pressed={maximized}>
          {maximized ? "Exit maximize" : "Maximize"}
        </button>
      </div>
      <svg
        className="word-cloud__svg"
        viewBox={`0 0 ${CLOUD_WIDTH} ${WORD_FREQUENCY_HEIGHT}`}
        width={CLOUD_WIDTH}
        height={WORD_FREQUENCY_HEIGHT}
        role="group"
        aria-label="Word cloud"
      >
        {placed === null ? (
          <text x={CLOUD_WIDTH / 2} y={WORD_FREQUENCY_HEIGHT / 2} textAnchor="middle" className="word-cloud__wait">
            Loading word frequency data...
          </text>
        ) : (
          <g
            transform={`translate(${CLOUD_WIDTH / 2 + pan.x} ${WORD_FREQUENCY_HEIGHT / 2 + pan.y}) scale(${zoom})`}
          >
            {placed.map((w, i) => (
              <a key={w.text} href={searchHref(w.text)} aria-label={`${w.text} (${w.frequency})`}>
                <text
                  className="word-cloud__word"
                  textAnchor="middle"
                  transform={`translate(${w.x} ${w.y}) rotate(${w.rotate})`}
                  fontSize={w.size}
                  fill={CLOUD_COLORS[i % CLOUD_COLORS.length]}
                >
                  {w.text}
                </text>
              </a>
            ))}
          </g>
        )}
      </svg>
    </div>
  );
}
