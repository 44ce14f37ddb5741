import { type RefObject, useEffect } from "react";

/** The spec's clamps: the zoom factor stays within 0.75–2 and the text within 12–28 px. */
export const PINCH_SCALE = { min: 0.75, max: 2 } as const;
export const PINCH_FONT_PX = { min: 12, max: 28 } as const;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

function spread(touches: TouchList): number {
  const [a, b] = [touches[0]!, touches[1]!];
  return Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY);
}

/**
 * Two-finger pinch on the element scales its text: the zoom factor accumulates across gestures within
 * 0.75–2 of the size the text had before the first pinch, and the resulting size stays within 12–28 px.
 * The element's `touch-action` leaves pinching to this handler, so the page itself does not zoom.
 * `resetKey` starts over (a new poem).
 */
export function usePinchZoom(ref: RefObject<HTMLElement | null>, resetKey?: unknown) {
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let base: number | null = null;
    let zoom = 1;
    let gesture: { spread: number; zoom: number } | null = null;

    const onStart = (event: TouchEvent) => {
      if (event.touches.length !== 2) return;
      base ??= Number.parseFloat(getComputedStyle(element).fontSize);
      gesture = { spread: spread(event.touches), zoom };
    };
    const onMove = (event: TouchEvent) => {
      if (!gesture || base === null || event.touches.length !== 2 || gesture.spread === 0) return;
      event.preventDefault();
      zoom = clamp((gesture.zoom * spread(event.touches)) / gesture.spread, PINCH_SCALE.min, PINCH_SCALE.max);
      const size = clamp(base * zoom, PINCH_FONT_PX.min, PINCH_FONT_PX.max);
      element.style.fontSize = `${size}px`;
      element.dataset.zoom = zoom.toFixed(3);
    };
    const onEnd = (event: TouchEvent) => {
      if (event.touches.length < 2) gesture = null;
    };

    element.addEventListener("touchstart", onStart, { passive: true });
    element.addEventListener("touchmove", onMove, { passive: false });
    element.addEventListener("touchend", onEnd);
    element.addEventListener("touchcancel", onEnd);
    return () => {
      element.removeEventListener("touchstart", onStart);
      element.removeEventListener("touchmove", onMove);
      element.removeEventListener("touchend", onEnd);
      element.removeEventListener("touchcancel", onEnd);
      element.style.fontSize = "";
      delete element.dataset.zoom;
    };
  }, [ref, resetKey]);
}
