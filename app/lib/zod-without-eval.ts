import { z } from "zod/v4";

/**
 * What `import { z } from "zod"` gives the BUILT app (vite.config.ts points "zod" here): zod itself, told in
 * the browser not to compile object parsers with `new Function`. Zod probes for eval the first time an object
 * schema is made; under the site's Content-Security-Policy (no 'unsafe-eval') that probe is a reported
 * violation. Being the module every schema imports, this runs before any schema exists. The server has no CSP
 * and keeps zod's faster compiled parsers.
 */
if (typeof document !== "undefined") z.config({ jitless: true });

export * from "zod/v4";
export { z };
export default z;
