import { existsSync, readdirSync } from "node:fs";
import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import compression from "compression";
import express from "express";
import type { ServerBuild } from "react-router";
import { PREFERENCES_COOKIE } from "~/lib/reading-preferences";
import { createApiAccess } from "./api-access.server";
import { bodyLimit } from "./body-limit.server";
import { compressJsonInOneStep } from "./json-compression.server";
import { compressionDrainListeners } from "./compression-drain.server";
import { listenForDataChanges } from "./data-version.server";
import { env, PROJECT_ROOT } from "./env.server";
import { wordFrequencyCacheDir } from "./models/word-frequency.server";
import { clientErrorResponder, errorResponder, type ErrorPageOptions, sendError } from "./error-response.server";
import { redisRateCounter } from "./rate-counter.server";
import { closeSharedRedis, redisReady, sharedRedis } from "./redis.server";
import { servePrecompressed } from "./precompressed-assets.server";
import { createResponseCache } from "./response-cache.server";
import { dependenciesOf } from "./response-dependencies.server";
import { SESSION_COOKIE_NAME } from "./models/session.server";
import { retryAfterOn503 } from "./retry-after.server";
import { applySecurityHeaders, nonceOf, securityHeaders } from "./security-headers.server";
import { unroutable } from "./unroutable.server";

// POETRY_BUILD_DIR lets parallel work (several e2e runs) keep separate builds; the default is build/.
export const BUILD_DIR = path.resolve(PROJECT_ROOT, process.env.POETRY_BUILD_DIR ?? "build");

export function serverBuildPath(buildDir = BUILD_DIR): string {
  return path.join(buildDir, "server", "index.js");
}

/** How long in-flight requests may take to finish once shutdown starts. */
export const SHUTDOWN_GRACE_MS = 10_000;

export interface StartServerOptions {
  port: number;
  host?: string;
  buildDir?: string;
}

export interface RunningServer {
  /** A URL a browser on this machine can open, e.g. http://localhost:3000. */
  url: string;
  port: number;
  server: Server;
  /**
   * Stops accepting connections and waits for in-flight requests, up to `graceMs`; then drops whatever is
   * left. Resolves with whether it had to force connections closed. Does not touch the database.
   */
  close(graceMs?: number): Promise<{ forced: boolean }>;
}

async function loadServerBuild(buildDir: string): Promise<ServerBuild> {
  const file = serverBuildPath(buildDir);
  if (!existsSync(file)) throw new Error(`No server build at ${file}: run \`npm run build\` first.`);
  return (await import(pathToFileURL(file).href)) as ServerBuild;
}

export interface SiteApp {
  /** Compressed responses, long-cached fingerprinted assets, everything else to React Router. */
  app: express.Express;
  /**
   * What the HTTP server runs: cached answers that no middleware would change go out at once (the response
   * cache's early hits, with the same security headers), everything else through `app`. Express's routing and
   * middleware chain cost more than writing a cached page.
   */
  listener: RequestListener;
}

export async function createApp(buildDir = BUILD_DIR): Promise<SiteApp> {
  // React has already picked its bundle by now (this module imports react-router): the CLI sets NODE_ENV before
  // anything loads it (cli/production-default.ts). This only keeps React Router's mode below in step for a caller
  // that did not.
  process.env.NODE_ENV ??= "production";
  const [{ createRequestHandler }, build] = await Promise.all([
    import("@react-router/express"),
    loadServerBuild(buildDir),
  ]);
  const clientDir = path.join(buildDir, "client");

  const app = express();
  app.disable("x-powered-by");
  // Behind a reverse proxy, TRUST_PROXY lets req.ip (the client address every rate limit counts) and
  // req.protocol come from X-Forwarded-For / X-Forwarded-Proto; unset, they are the connecting socket's.
  const trustProxy = env().TRUST_PROXY;
  if (trustProxy !== undefined) app.set("trust proxy", trustProxy);
  // CSP with a per-request nonce and the other security headers, on every response (security-headers.server.ts).
  const security = { nodeEnv: env().NODE_ENV, siteUrl: env().SITE_URL };
  app.use(securityHeaders(security));
  app.use(retryAfterOn503());
  const errorPage: ErrorPageOptions = { siteName: env().SITE_NAME, stylesheets: build.assets.routes.root?.css ?? [] };
  // startServer answers the requests Node's parser refuses with the same pages.
  app.locals.errorPage = errorPage;
  app.use(unroutable(errorPage));
  app.use(bodyLimit({ tooLarge: (req, res, message) => sendError(req, res, 413, message, errorPage) }));
  // Before the response cache, so cache hits count against the limit and get CORS headers too. With REDIS_URL
  // every app process counts in Redis, so the limit holds for the site rather than per process.
  const { API_RATE_LIMIT, API_RATE_LIMIT_WINDOW } = env();
  const redis = sharedRedis();
  const counter = redis ? redisRateCounter(redis) : undefined;
  app.use(
    "/api",
    createApiAccess({ limit: API_RATE_LIMIT, windowSeconds: API_RATE_LIMIT_WINDOW, anonymousCookies: [PREFERENCES_COOKIE], counter }),
  );
  const responseCache = createResponseCache({ keyCookies: [PREFERENCES_COOKIE], nonceOf, sessionCookie: SESSION_COOKIE_NAME });
  app.use(responseCache.lookup);
  app.use(compression());
  app.use(compressionDrainListeners());
  app.use(compressJsonInOneStep());
  // File names under /assets carry a content hash, so they never change and can be cached forever. The build
  // wrote brotli and gzip copies of the scripts and styles (precompressed-assets.server.ts).
  const assetsDir = path.join(clientDir, "assets");
  app.use(
    "/assets",
    servePrecompressed(assetsDir),
    express.static(assetsDir, { immutable: true, maxAge: "1y", index: false, fallthrough: false }),
  );
  // Other public files (favicon, robots.txt…): only looked up on disk for the names that exist, so a page
  // request does not cost a stat() call.
  const publicFiles = new Set(readdirSync(clientDir).filter((name) => name !== "assets"));
  const serveStatic = express.static(clientDir, { maxAge: "1h", index: false });
  app.use((req, res, next) => {
    if (publicFiles.has(req.path.split("/")[1] ?? "")) serveStatic(req, res, next);
    else next();
  });
  // The word-frequency caches `poetry wordfreq` writes beside the database (data/, git-ignored): JSON files only,
  // kept briefly since the next import rewrites them; any other /word-frequency path is the screen.
  app.use(
    "/word-frequency",
    express.static(wordFrequencyCacheDir(), { maxAge: "5m", index: false, redirect: false, dotfiles: "ignore" }),
  );
  app.use(responseCache.keep);
  app.use(
    createRequestHandler({
      build,
      mode: process.env.NODE_ENV,
      // The client's address for the sign-in rate limiter (app/server/load-context.ts).
      // What the response shows, as its loaders declare it, for the response cache (response-dependencies.server.ts).
      getLoadContext: (req, res) => ({
        clientIp: req.ip ?? req.socket.remoteAddress,
        cspNonce: nonceOf(res),
        dependencies: dependenciesOf(res),
      }),
    }),
  );
  app.use(errorResponder(errorPage));
  const listener = responseCache.hitsFirst(app, (req, res) => applySecurityHeaders(req, res, security));
  return { app, listener };
}

function displayUrl(host: string, port: number): string {
  const local = host === "0.0.0.0" || host === "::" || host === "" || host === "127.0.0.1" || host === "::1";
  const name = local ? "localhost" : host.includes(":") ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

/**
 * Stops accepting connections and resolves once every request in flight has been answered; after `graceMs`
 * the connections still open are dropped (`forced: true`).
 */
export function closeGracefully(server: Server, graceMs: number): Promise<{ forced: boolean }> {
  return new Promise((resolve) => {
    let forced = false;
    // Keep-alive sockets that go idle after their last response would otherwise hold close() open.
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    const deadline = setTimeout(() => {
      forced = true;
      server.closeAllConnections();
    }, graceMs);
    server.close(() => {
      clearInterval(sweep);
      clearTimeout(deadline);
      resolve({ forced });
    });
    server.closeIdleConnections();
  });
}

/** Starts the HTTP server on an already built app; the database is opened lazily by the loaders. */
export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  const host = options.host ?? "0.0.0.0";
  const { app, listener: handle } = await createApp(options.buildDir);
  // Give Redis a moment so the first calls are counted; the server starts without it all the same.
  const redis = sharedRedis();
  if (redis && !(await redisReady(redis))) process.stderr.write("Redis is not reachable yet: starting without it.\n");

  // Imports, favorites and sign-outs in other processes on the same PostgreSQL drop what they changed from this
  // one's response cache. Listening before serving, so its first connection's bump (which covers whatever was
  // missed before it) comes before any page is cached rather than emptying the cache at some later moment.
  const databaseUrl = env().DATABASE_URL;
  const listener = databaseUrl ? listenForDataChanges(databaseUrl) : undefined;
  await listener?.ready(5_000);
  const server = await new Promise<Server>((resolve, reject) => {
    const s = createServer(handle).listen(options.port, host);
    s.once("listening", () => resolve(s));
    s.once("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "EADDRINUSE") reject(new Error(`Port ${options.port} on ${host} is already in use.`));
      else reject(error);
    });
  }).catch(async (error: unknown) => {
    await listener?.close();
    throw error;
  });
  // Slow clients must not hold sockets open forever.
  server.headersTimeout = 20_000;
  server.requestTimeout = 60_000;
  server.on("clientError", clientErrorResponder(app.locals.errorPage as ErrorPageOptions));

  const port = (server.address() as AddressInfo).port;
  let closing: Promise<{ forced: boolean }> | undefined;
  const close = (graceMs = SHUTDOWN_GRACE_MS) => {
    closing ??= closeGracefully(server, graceMs).then(async (result) => {
      await listener?.close();
      await closeSharedRedis();
      return result;
    });
    return closing;
  };

  return { url: displayUrl(host, port), port, server, close };
}
