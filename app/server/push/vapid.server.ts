import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import webpush from "web-push";
import { z } from "zod";
import { env, PROJECT_ROOT } from "../env.server";

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
  /** Where the keys came from, for `poetry vapid` to say. */
  source: "environment" | string;
}

export const VAPID_FILE = path.join(PROJECT_ROOT, "data", "vapid.json");

const StoredKeys = z.object({
  publicKey: z.string().regex(/^[A-Za-z0-9_-]{87}$/),
  privateKey: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
});

/**
 * The key pair kept in `file`, made on first use (readable by the owner only). Two processes starting at once
 * end up with the same pair: only the first write succeeds ('wx'), the other reads it. Browsers subscribe
 * with the public key, so replacing it silently would orphan every subscription: a damaged file is an error.
 */
export function persistedVapidKeys(file: string = VAPID_FILE): { publicKey: string; privateKey: string; created: boolean } {
  const readExisting = () => {
    const parsed = StoredKeys.safeParse(JSON.parse(readFileSync(file, "utf8")));
    if (parsed.success) return { ...parsed.data, created: false };
    throw new Error(`${file} does not hold a VAPID key pair: restore it, or set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY.`);
  };
  try {
    return readExisting();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const fresh = webpush.generateVAPIDKeys();
  try {
    writeFileSync(file, `${JSON.stringify(fresh, null, 2)}\n`, { flag: "wx", mode: 0o600 });
    return { ...fresh, created: true };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return readExisting();
  }
}

/** The subject when VAPID_SUBJECT is unset: the site's https address, else a mailto: on its host. */
function defaultSubject(siteUrl: string | undefined): string {
  if (siteUrl?.startsWith("https://")) return siteUrl;
  const host = siteUrl ? new URL(siteUrl).hostname : "localhost";
  return `mailto:webmaster@${host}`;
}

let cached: VapidKeys | undefined;

/** VAPID keys from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY, else from data/vapid.json (made when missing). */
export function vapidKeys(file: string = VAPID_FILE): VapidKeys {
  if (cached) return cached;
  const config = env();
  const subject = config.VAPID_SUBJECT ?? defaultSubject(config.SITE_URL);
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    cached = { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject, source: "environment" };
  } else {
    const stored = persistedVapidKeys(file);
    cached = { publicKey: stored.publicKey, privateKey: stored.privateKey, subject, source: file };
  }
  return cached;
}
