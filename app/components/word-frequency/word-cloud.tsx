import type { Word } from "d3-cloud";
import { type PointerEvent, useEffect, useRef, useState } from "react";
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
 * the buttons, ctrl/meta + wheel or a two-finger pinch, 0.5 to 2; drag to pan (with a finger only when
 * maximized, so a finger still scrolls the page); maximize goes full screen and, like leaving it, resets zoom
 * to 1 and pan to the origin. Every word links to the search for it; a drag that starts on a word does not
 * follow the link.
 */

/** Pointer travel (px) before a press becomes a drag rather than a click. */
const DRAG_THRESHOLD = 4;
export function WordCloud({ words }: { words: WordFrequency[] }) {
  const [placed, setPlaced] = useState<PlacedWord[] | null>(null);
  const [zoom, setZoom] = useState(1);
  const [pan, setPan] = useState({ x: 0, y: 0 });
  const [maximized, setMaximized] = useState(false);
  const frameRef = useRef<HTMLDivElement>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  const drag = useRef<{ id: number; x: number; y: number; pan: { x: number; y: number }; moved: boolean } | null>(null);
  const suppressClick = useRef(false);
  // The listeners below are attached once; a pinch starts from the zoom the buttons or wheel left.
  const zoomRef = useRef(zoom);
  zoomRef.current = zoom;

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
    const spread = (t: TouchList) => Math.hypot(t[0]!.clientX - t[1]!.clientX, t[0]!.clientY - t[1]!.clientY);
    const onTouchStart = (event: TouchEvent) => {
      if (event.touches.length !== 2) return;
      pinch = { spread: spread(event.touches), zoom: zoomRef.current };
      // A second finger turns a one-finger pan into a pinch.
      drag.current = null;
    };
    const onTouchMove = (event: TouchEvent) => {
      if (!pinch || event.touches.length !== 2) return;
      event.preventDefault();
      setZoom(clampZoom(pinch.zoom * (spread(event.touches) / pinch.spread)));
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

  const onPointerDown = (event: PointerEvent<SVGSVGElement>) => {
    if (!event.isPrimary || event.button !== 0 || (event.pointerType === "touch" && !maximized)) return;
    drag.current = { id: event.pointerId, x: event.clientX, y: event.clientY, pan, moved: false };
    suppressClick.current = false;
  };
  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    const d = drag.current;
    const svg = svgRef.current;
    if (!d || d.id !== event.pointerId || !svg) return;
    const dx = event.clientX - d.x;
    const dy = event.clientY - d.y;
    if (!d.moved && Math.hypot(dx, dy) < DRAG_THRESHOLD) return;
    if (!d.moved) {
      d.moved = true;
      svg.setPointerCapture(event.pointerId);
    }
    // Screen pixels to viewBox units: the SVG is scaled to its box.
    const rect = svg.getBoundingClientRect();
    const unit = Math.max(CLOUD_WIDTH / rect.width, WORD_FREQUENCY_HEIGHT / rect.height);
    setPan({ x: Math.round(d.pan.x + dx * unit), y: Math.round(d.pan.y + dy * unit) });
  };
  const endDrag = (event: PointerEvent<SVGSVGElement>) => {
    const d = drag.current;
    if (!d || d.id !== event.pointerId) return;
    suppressClick.current = d.moved;
    drag.current = null;
  };

  if (words.length === 0) {
    return <p className="word-frequency__empty">No word frequency data available for the selected filters.</p>;
  }

  return (
    <div
      ref={frameRef}
      className={`word-cloud${maximized ? " is-maximized" : ""}`}
      data-zoom={zoom}
      data-pan={`${pan.x},${pan.y}`}
    >
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
        ref={svgRef}
        className="word-cloud__svg"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        onDragStart={(event) => event.preventDefault()}
        onClickCapture={(event) => {
          if (suppressClick.current) {
            suppressClick.current = false;
            event.preventDefault();
            event.stopPropagation();
          }
        }}
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
                  className={`word-cloud__word word-cloud__word--${i % CLOUD_COLORS.length}`}
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
