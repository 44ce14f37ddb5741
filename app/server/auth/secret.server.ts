import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { env, PROJECT_ROOT } from "../env.server";

/** Used only when NODE_ENV is development or test and SESSION_SECRET is unset. Never in production. */
export const DEVELOPMENT_SECRET = "poetry-commons-development-secret-not-for-production";

export const SECRET_FILE = path.join(PROJECT_ROOT, "data", "session-secret");

/**
 * The random secret kept in `file`, made on first use (readable by the owner only). Two processes starting
 * at once both end up with the file's one value: only the first write succeeds ('wx'), the other reads it.
 */
export function persistedSecret(file: string = SECRET_FILE): string {
  const readExisting = () => {
    const existing = readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
    throw new Error(
      `${file} does not hold a usable session secret (32 or more characters): delete it to have a new one made, or set SESSION_SECRET.`,
    );
  };
  try {
    return readExisting();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const fresh = randomBytes(48).toString("base64url");
  try {
    writeFileSync(file, `${fresh}\n`, { flag: "wx", mode: 0o600 });
    return fresh;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return readExisting();
  }
}

let cached: string[] | undefined;

/**
 * The secrets that sign session cookies, first one signing: SESSION_SECRET when set; otherwise, in
 * production, a random secret persisted in data/session-secret so `npm start` works on a fresh machine and
 * sessions survive restarts; in development and test a fixed value.
 */
export function sessionSecrets(): string[] {
  if (cached) return cached;
  const config = env();
  if (config.SESSION_SECRET) cached = config.SESSION_SECRET;
  else if (config.NODE_ENV === "production") cached = [persistedSecret()];
  else cached = [DEVELOPMENT_SECRET];
  return cached;
}
