import { readdirSync } from "node:fs";
import path from "node:path";
import type { NextFunction, Request, Response } from "express";
import { COMPRESSIBLE } from "./precompress-build.server";
import { pickEncoding } from "./response-cache.server";

/**
 * Middleware in front of express.static for the assets directory: when the client accepts br (or gzip) and the
 * build wrote that variant, it serves the variant's bytes under the original name and type.
 */
export function servePrecompressed(assetsDir: string) {
  const names = new Set(readdirSync(assetsDir));
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const name = req.path.slice(1);
    if (!COMPRESSIBLE.test(name) || !names.has(name)) return next();
    res.setHeader("Vary", "Accept-Encoding");
    const accept = req.get("Accept-Encoding");
    const encoding =
      names.has(`${name}.br`) && pickEncoding(accept) === "br"
        ? "br"
        : names.has(`${name}.gz`) && pickEncoding(accept, false) === "gzip"
          ? "gzip"
          : null;
    if (!encoding) return next();
    res.type(path.extname(name));
    res.setHeader("Content-Encoding", encoding);
    req.url = `/${name}${encoding === "br" ? ".br" : ".gz"}`;
    next();
  };
}
