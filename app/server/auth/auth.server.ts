import { createHmac } from "node:crypto";
import { createCookie, redirect } from "react-router";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { type FieldErrors, MESSAGES, parseSignIn, parseSignUp } from "~/components/account/auth-schema";
import type { DB } from "../db.server";
import { getDb } from "../db.server";
import type { User } from "../db/schema";
import { ApiError } from "../http.server";
import { isSecureRequest } from "../reading-preferences.server";
import { createUser, emailKey, findUserByEmail, type PublicUser, toPublicUser } from "../models/user.server";
import { favoriteStatus } from "../models/favorite.server";
import {
  createSession,
  findSessionUser,
  findSessionUserBySessionId,
  revokeSession,
  SESSION_COOKIE_NAME,
  SESSION_TTL_MS,
  sessionIdOf,
} from "../models/session.server";
import { declareReader } from "../response-dependencies.server";
import { signJwt, verifyJwt } from "./jwt.server";
import { hashPassword, verifyAgainstNothing, verifyPassword } from "./password.server";
import { rateLimitMessage } from "./rate-limit";
import { sessionSecrets } from "./secret.server";
import { reserveAttempt, signInKeys, signUpKeys } from "./sign-in-limit.server";

/**
 * Accounts: remix-auth's Authenticator with two form strategies ("password" signs in, "signup" creates the
 * account), and a session of our own: a signed, HttpOnly, SameSite=Lax cookie (Secure over HTTPS in
 * production) that carries only a random token; the sessions table holds its hash, so signing out revokes it
 * on the server, not just in the browser.
 */

export { SESSION_COOKIE_NAME };

let cookie: ReturnType<typeof createCookie> | undefined;

export function sessionCookie() {
  cookie ??= createCookie(SESSION_COOKIE_NAME, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secrets: sessionSecrets(),
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
  return cookie;
}

/** The session token from a request's signed cookie; null when absent, unsigned or tampered with. */
export async function sessionTokenOf(request: Request): Promise<string | null> {
  const header = request.headers.get("Cookie");
  if (!header?.includes(`${SESSION_COOKIE_NAME}=`)) return null;
  const value: unknown = await sessionCookie().parse(header);
  return typeof value === "string" && value.length > 0 ? value : null;
}

// One database look-up per request, however many loaders ask. React Router hands each loader its own copy of
// the Request, so loaders that can pass the load context (the one object all of a request's loaders get) share
// the look-up through it; otherwise the Request itself is the key.
const perRequest = new WeakMap<object, Promise<User | null>>();

/** The signed-in user of a request, or null. `scope`: the loader's `context`, to share the look-up. */
export function getUserRecord(request: Request, db: DB = getDb(), scope: object = request): Promise<User | null> {
  let found = perRequest.get(scope);
  if (!found) {
    found = sessionTokenOf(request).then(async (token) => {
      const user = token ? await findSessionUser(db, token) : undefined;
      // The response cache keeps a signed-in page only as long as this session lives.
      if (user) declareReader(scope, user.id, user.session_expires_at);
      return user ?? null;
    });
    perRequest.set(scope, found);
  }
  return found;
}

export async function getUser(request: Request, db: DB = getDb(), scope: object = request): Promise<PublicUser | null> {
  const user = await getUserRecord(request, db, scope);
  return user ? toPublicUser(user) : null;
}

/** The path and query a page was asked with, for coming back after signing in. */
export function returnPathOf(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

export function loginHref(redirectTo: string): string {
  return redirectTo && redirectTo !== "/" ? `/login?${new URLSearchParams({ redirectTo })}` : "/login";
}

/**
 * For a page showing one poem's favorite button: whether the signed-in reader favorites it, and the poem with
 * the count read in the same statement. Read apart, a favorite committed between the two reads could render
 * the reader's heart on beside the count from before it.
 */
export async function readerFavorite<T extends { id: string; favorite_count: number }>(
  request: Request,
  poem: T,
  db: DB = getDb(),
  scope: object = request,
): Promise<{ poem: T; favorited: boolean }> {
  const user = await getUserRecord(request, db, scope);
  const status = user ? await favoriteStatus(db, user.id, poem.id) : undefined;
  if (!status) return { poem, favorited: false };
  return { poem: { ...poem, favorite_count: status.favorite_count }, favorited: status.is_favorited };
}

/** For pages: the signed-in user, or a redirect to /login that comes back here afterwards. */
export async function requireUser(request: Request, db: DB = getDb()): Promise<PublicUser> {
  const user = await getUser(request, db);
  if (!user) throw redirect(loginHref(returnPathOf(request)));
  return user;
}

/** API bearer tokens live five minutes; verification allows 60 s of clock difference (spec section 6). */
export const API_TOKEN_TTL_SECONDS = 300;
export const API_TOKEN_LEEWAY_SECONDS = 60;
const API_AUDIENCE = "poetry-commons-api";

/** Token keys are derived from the session secrets, so the two uses never share a key. */
function apiTokenSecrets(): string[] {
  return sessionSecrets().map((secret) => createHmac("sha256", secret).update("poetry-commons api tokens").digest("base64url"));
}

/**
 * A short-lived signed token (JWT, HS256) for the request's cookie session, or null when signed out. It names
 * the session, so signing out also ends every token issued for it.
 */
export async function issueApiToken(
  request: Request,
  db: DB = getDb(),
  now = Math.floor(Date.now() / 1000),
): Promise<{ token: string; token_type: "Bearer"; expires_in: number } | null> {
  const sessionToken = await sessionTokenOf(request);
  const user = sessionToken ? await getUserRecord(request, db) : null;
  if (!sessionToken || !user) return null;
  const claims = { sub: String(user.id), sid: sessionIdOf(sessionToken), aud: API_AUDIENCE, iat: now, exp: now + API_TOKEN_TTL_SECONDS };
  return { token: signJwt(claims, apiTokenSecrets()[0]), token_type: "Bearer", expires_in: API_TOKEN_TTL_SECONDS };
}

/** The user a bearer token speaks for, or undefined for a bad, expired or revoked one. */
async function bearerUser(token: string, db: DB): Promise<User | undefined> {
  const claims = verifyJwt(token, apiTokenSecrets(), { audience: API_AUDIENCE, leewaySeconds: API_TOKEN_LEEWAY_SECONDS });
  if (!claims || typeof claims.sid !== "string") return undefined;
  const user = await findSessionUserBySessionId(db, claims.sid);
  return user && String(user.id) === claims.sub ? user : undefined;
}

/**
 * For personal /api calls: the user of `Authorization: Bearer <token>` when the header is sent (a missing,
 * malformed, expired or revoked token is a 401 even if a cookie is present), else of the session cookie;
 * a 401 JSON error when neither signs anyone in.
 */
export async function requireApiUser(request: Request, db: DB = getDb()): Promise<PublicUser> {
  const authorization = request.headers.get("Authorization");
  if (authorization !== null) {
    const match = /^Bearer\s+([A-Za-z0-9_.-]+)\s*$/i.exec(authorization);
    const user = match ? await bearerUser(match[1], db) : undefined;
    if (!user) throw new ApiError(401, "Invalid or expired bearer token");
    return toPublicUser(user);
  }
  const user = await getUser(request, db);
  if (!user) throw new ApiError(401, "Sign in required");
  return user;
}

/**
 * Like requireApiUser, and also names the sign-in session the call came through (sessions.id): the bearer
 * token's `sid`, or the hash of the cookie's token. View recording counts per session with it.
 */
export async function requireApiSession(request: Request, db: DB = getDb()): Promise<{ user: PublicUser; sessionId: string }> {
  const authorization = request.headers.get("Authorization");
  if (authorization !== null) {
    const match = /^Bearer\s+([A-Za-z0-9_.-]+)\s*$/i.exec(authorization);
    const claims = match
      ? verifyJwt(match[1], apiTokenSecrets(), { audience: API_AUDIENCE, leewaySeconds: API_TOKEN_LEEWAY_SECONDS })
      : null;
    const user = match ? await bearerUser(match[1], db) : undefined;
    if (!user || typeof claims?.sid !== "string") throw new ApiError(401, "Invalid or expired bearer token");
    return { user: toPublicUser(user), sessionId: claims.sid };
  }
  const token = await sessionTokenOf(request);
  const user = token ? await getUser(request, db) : null;
  if (!token || !user) throw new ApiError(401, "Sign in required");
  return { user, sessionId: sessionIdOf(token) };
}

/** Why a sign-in or sign-up was refused, with the status the action answers. */
export class AuthFailure extends Error {
  constructor(
    readonly status: 400 | 429,
    readonly fieldErrors: FieldErrors,
    readonly formError?: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(formError ?? Object.values(fieldErrors)[0] ?? "Sign-in failed");
  }
}

async function signInWithPassword(db: DB, form: FormData, clientIp: string): Promise<User> {
  const parsed = parseSignIn(form);
  if (!parsed.success) throw new AuthFailure(400, parsed.errors);
  const { email, password } = parsed.data;
  const reservation = await reserveAttempt(db, signInKeys(emailKey(email), clientIp));
  if (!reservation.allowed) {
    throw new AuthFailure(429, {}, rateLimitMessage(reservation.retryAfterSeconds), reservation.retryAfterSeconds);
  }
  const user = await findUserByEmail(db, email);
  const ok = user?.password_hash ? await verifyPassword(password, user.password_hash) : await verifyAgainstNothing(password);
  if (!user || !ok) throw new AuthFailure(400, {}, MESSAGES.badCredentials);
  // Only failures count towards the limits.
  await reservation.release();
  return user;
}

async function signUpWithPassword(db: DB, form: FormData, clientIp: string): Promise<User> {
  const parsed = parseSignUp(form);
  if (!parsed.success) throw new AuthFailure(400, parsed.errors);
  const reservation = await reserveAttempt(db, signUpKeys(clientIp));
  if (!reservation.allowed) {
    const minutes = Math.max(1, Math.ceil(reservation.retryAfterSeconds / 60));
    const message = `Too many new accounts from this network. Please try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
    throw new AuthFailure(429, {}, message, reservation.retryAfterSeconds);
  }
  const { firstName, email, password } = parsed.data;
  if (await findUserByEmail(db, email)) throw new AuthFailure(400, { email: MESSAGES.emailTaken });
  const user = await createUser(db, { email, firstName, passwordHash: await hashPassword(password) });
  // Lost a race with another sign-up for the same address.
  if (!user) throw new AuthFailure(400, { email: MESSAGES.emailTaken });
  return user;
}

export type AuthIntent = "signin" | "signup";

/** A remix-auth Authenticator bound to a database and the client's address (for the rate limiter). */
export function createAuthenticator(db: DB, clientIp: string): Authenticator<User> {
  const authenticator = new Authenticator<User>();
  authenticator.use(new FormStrategy(({ form }) => signInWithPassword(db, form, clientIp)), "signin");
  authenticator.use(new FormStrategy(({ form }) => signUpWithPassword(db, form, clientIp)), "signup");
  return authenticator;
}

/** Opens a session for the user and returns the Set-Cookie header value carrying it. */
export async function startSession(request: Request, userId: number, db: DB = getDb()): Promise<string> {
  const { token, expiresAt } = await createSession(db, userId);
  return sessionCookie().serialize(token, { secure: isSecureRequest(request), expires: expiresAt });
}

/** Revokes the request's session (if any) and returns the Set-Cookie header value that clears the cookie. */
export async function endSession(request: Request, db: DB = getDb()): Promise<string> {
  const token = await sessionTokenOf(request);
  if (token) await revokeSession(db, token);
  return sessionCookie().serialize("", { secure: isSecureRequest(request), maxAge: 0, expires: new Date(0) });
}
