import { EventEmitter } from "node:events";
import type { NextFunction, Request, Response } from "express";

/**
 * The `compression` middleware hands every res.on("drain", …) to its compressor stream, but res.off("drain", …)
 * still looks on the response, so each listener stays on the stream: React Router waits for "drain" (once,
 * then off) on every chunk that meets backpressure, and under load a long page piles them up
 * (MaxListenersExceededWarning: 11 drain listeners added to [BrotliCompress]). Placed after compression, this
 * keeps the drain listeners itself and gives compression one forwarder per response, so removing works.
 */
export function compressionDrainListeners() {
  return (_req: Request, res: Response, next: NextFunction): void => {
    const compressedOn = res.on;
    const removeListener = res.removeListener;
    const drains = new EventEmitter();
    let forwarding = false;
    res.on = function on(this: Response, type: string | symbol, listener: (...args: unknown[]) => void) {
      if (type !== "drain") return compressedOn.call(this, type, listener);
      if (!forwarding) {
        forwarding = true;
        compressedOn.call(this, "drain", () => drains.emit("drain"));
      }
      drains.on("drain", listener);
      return this;
    } as Response["on"];
    res.addListener = res.on;
    res.removeListener = function off(this: Response, type: string | symbol, listener: (...args: unknown[]) => void) {
      if (type !== "drain") return removeListener.call(this, type, listener);
      drains.removeListener("drain", listener);
      return this;
    } as Response["removeListener"];
    res.off = res.removeListener;
    next();
  };
}
