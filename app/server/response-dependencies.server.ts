import type { Response } from "express";
import { FAVORITES, poemTag, userTag } from "./data-version.server";

/**
 * What a response shows that can change between imports, as its loaders declare it through the load context
 * (createApp hands every request one of these), so the response cache (response-cache.server.ts) keeps the
 * rendered answer exactly as long as none of it has changed (data-version.server.ts has the tags).
 *
 * Without a declaration a response may show any poem's favorite count: any favorite makes it stale. A signed-in
 * reader's response is kept only when its route vouches that, besides what is declared, it shows nothing
 * personal: the reader's own state then lives in the cache key (the session cookie) and the tags.
 */
export interface ResponseDependencies {
  /** The only poems whose favorite counts and states the response shows; undefined: maybe any. */
  poemIds?: Set<string>;
  /** The signed-in reader the response was rendered for, and when the session they came through ends. */
  user?: { id: number; sessionExpiresAt: number };
  /** The route's word that a signed-in reader's answer depends on nothing beyond what is declared. */
  personalCacheable?: boolean;
}

// The express server and the server build are separate module graphs in one process (the CLI loads the
// build): a brand both recognise, rather than a class whose instanceof would differ between them.
const BRAND = Symbol.for("poetry-commons.response-dependencies");
type Branded = ResponseDependencies & { [BRAND]: true };

/** The tags whose change makes the response stale. */
export function dependencyTags(dependencies: ResponseDependencies): string[] {
  const tags = dependencies.poemIds ? [...dependencies.poemIds].map(poemTag) : [FAVORITES];
  if (dependencies.user) tags.push(userTag(dependencies.user.id));
  return tags;
}

const LOCALS_KEY = "responseDependencies";

/** The dependencies of the response being made (created on first use); the load context carries the same. */
export function dependenciesOf(res: Response): ResponseDependencies {
  const locals = res.locals as { [LOCALS_KEY]?: Branded };
  locals[LOCALS_KEY] ??= { [BRAND]: true };
  return locals[LOCALS_KEY];
}

/** The dependencies carried by a loader's context, when it came from the express server. */
function fromContext(context: unknown): ResponseDependencies | undefined {
  const dependencies = (context as { dependencies?: Partial<Branded> } | null | undefined)?.dependencies;
  return dependencies?.[BRAND] ? dependencies : undefined;
}

/**
 * For a loader: the favorite counts and states its response shows are those of `poemIds` only, and with
 * `personal`, a signed-in reader's answer shows nothing else of theirs than the session's user (read through
 * getUserRecord with the context as scope) and those favorites.
 */
export function declareShown(context: unknown, poemIds: readonly string[], options: { personal?: boolean } = {}): void {
  const dependencies = fromContext(context);
  if (!dependencies) return;
  dependencies.poemIds ??= new Set();
  for (const id of poemIds) dependencies.poemIds.add(id);
  if (options.personal) dependencies.personalCacheable = true;
}

/** Records the signed-in reader a response is rendered for (auth.server.ts, on every session look-up). */
export function declareReader(context: unknown, userId: number, sessionExpiresAt: Date): void {
  const dependencies = fromContext(context);
  if (dependencies) dependencies.user = { id: userId, sessionExpiresAt: sessionExpiresAt.getTime() };
}
