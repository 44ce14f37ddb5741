import type { ResponseDependencies } from "./response-dependencies.server";

/**
 * What the express server hands every loader and action besides the request (see createApp in
 * web-server.server.ts): the client's address as the socket saw it (express's req.ip, which honours
 * X-Forwarded-For only when a proxy is trusted), and the CSP nonce of the response.
 */
declare module "react-router" {
  interface AppLoadContext {
    clientIp?: string;
    /** This response's Content-Security-Policy nonce, for the inline scripts (app/entry.server.tsx). */
    cspNonce?: string;
    /** What the response shows, declared for the response cache (response-dependencies.server.ts). */
    dependencies?: ResponseDependencies;
  }
}

export interface PoetryLoadContext {
  clientIp?: string;
}

/** The client address for rate limiting; "unknown" when the server could not tell (tests, other hosts). */
export function clientIpOf(context: unknown): string {
  const ip = (context as PoetryLoadContext | undefined)?.clientIp;
  return typeof ip === "string" && ip ? ip.replace(/^::ffff:/, "") : "unknown";
}
