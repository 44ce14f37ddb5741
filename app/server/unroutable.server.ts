import type { NextFunction, Request, Response } from "express";
import { type ErrorPageOptions, sendError } from "./error-response.server";
import { READ_ONLY_MESSAGE } from "./http.server";

// An encoded line break (LF, CR, U+2028, U+2029) anywhere in the path.
const LINE_BREAK = /%0[ad]|%e2%80%a[89]/i;

/**
 * Requests React Router would answer outside the app's error shapes. Its route patterns match the decoded
 * path with `.`, which stops at line breaks, so such a path matches no route, not even the not-found splats,
 * and got the framework's bare 404 (HTML even under /api). And /api/docs, the one page among the JSON routes,
 * has no action: other methods got an HTML 405 instead of the API's JSON one.
 */
export function unroutable(page: ErrorPageOptions) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (LINE_BREAK.test(req.path)) return sendError(req, res, 404, "Nothing is published at this address.", page);
    if (/^\/api\/docs\/?$/.test(req.path) && req.method !== "GET" && req.method !== "HEAD") {
      res.setHeader("Allow", "GET, HEAD");
      return sendError(req, res, 405, READ_ONLY_MESSAGE, page);
    }
    next();
  };
}
