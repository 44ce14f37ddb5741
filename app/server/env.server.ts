import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";

/** The repository root: every relative default below is resolved against it, not the caller's cwd. */
export const PROJECT_ROOT = path.resolve(import.meta.dirname, "../..");

const emptyAsUndefined = (value: unknown) => (value === "" ? undefined : value);

const PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** What express's "trust proxy" understands: a boolean, a hop count, or a list of names, addresses and subnets. */
export function isTrustProxyValue(value: string): boolean {
  if (value === "true" || value === "false" || /^\d{1,2}$/.test(value)) return true;
  return value.split(",").every((part) => {
    const item = part.trim();
    if (PROXY_NAMES.has(item)) return true;
    const [address, bits, extra] = item.split("/");
    const version = isIP(address ?? "");
    if (version === 0 || extra !== undefined) return false;
    if (bits === undefined) return true;
    return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
  });
}

/** Connections a PostgreSQL pool opens at most unless DATABASE_POOL_MAX (or DbConfig.poolMax) says otherwise. */
export const DEFAULT_POOL_MAX = 10;

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  SITE_NAME: z.string().trim().min(1).max(100).default("Poetry Commons"),
  SITE_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// connection string")
      .optional(),
  ),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(DEFAULT_POOL_MAX),
  PGLITE_DIR: z.preprocess(emptyAsUndefined, z.string().default(path.join(PROJECT_ROOT, "data", "pglite"))),
  // One secret, or several separated by commas when rotating (the first signs, every one verifies). Unset:
  // a fixed development value outside production, else a random one kept in data/session-secret
  // (app/server/auth/secret.server.ts).
  SESSION_SECRET: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .transform((value) => value.split(",").map((part) => part.trim()).filter(Boolean))
      .pipe(
        z
          .array(z.string().min(32, "each secret must be at least 32 characters"))
          .min(1, "must hold at least one secret of 32 or more characters"),
      )
      .optional(),
  ),
  // express's "trust proxy": unset trusts no proxy (the client address is the connecting socket's); "true",
  // a hop count ("1"), or addresses / subnets / express's names (loopback, linklocal, uniquelocal) separated
  // by commas. Anything else is refused rather than handed to express, which would trust nothing (a typo) or
  // throw on the first request.
  TRUST_PROXY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .trim()
      .refine(isTrustProxyValue, "must be true, false, a hop count, or addresses, subnets or loopback/linklocal/uniquelocal separated by commas")
      .transform((value): boolean | number | string =>
        value === "true" ? true : value === "false" ? false : /^\d+$/.test(value) ? Number(value) : value,
      )
      .optional(),
  ),
  // Shared state for several app processes (app/server/redis.server.ts): the /api rate limit counts there.
  // Unset: counted in each process's memory, the single-instance behaviour.
  REDIS_URL: z.preprocess(
    emptyAsUndefined,
    z.string().regex(/^rediss?:\/\/\S*$/, "must be a redis:// or rediss:// URL").optional(),
  ),
  // Put before every key this site writes, so several sites (or test runs) can share one Redis.
  REDIS_KEY_PREFIX: z.preprocess(
    emptyAsUndefined,
    z.string().regex(/^[\w.:-]{1,100}$/, "must be 1–100 letters, digits or . _ : -").default("poetry-commons:"),
  ),
  // Whether `poetry serve` runs the timed jobs (the nightly /data export, the push scheduler when
  // PUSH_SCHEDULER=true). With several app processes exactly one runs them; the others say "false" (or are
  // started with --no-scheduler).
  SCHEDULER: z.preprocess(emptyAsUndefined, z.enum(["true", "false"]).default("true").transform((v) => v === "true")),
  // Web Push (VAPID) keys as `web-push generate-vapid-keys` prints them (base64url). Unset: generated once and
  // kept in data/vapid.json (app/server/push/vapid.server.ts). Both or neither.
  VAPID_PUBLIC_KEY: z.preprocess(
    emptyAsUndefined,
    z.string().regex(/^[A-Za-z0-9_-]{87}$/, "must be a base64url P-256 public key (87 characters)").optional(),
  ),
  VAPID_PRIVATE_KEY: z.preprocess(
    emptyAsUndefined,
    z.string().regex(/^[A-Za-z0-9_-]{43}$/, "must be a base64url P-256 private key (43 characters)").optional(),
  ),
  // Who push services contact about our sends: a mailto: address or an https: URL.
  VAPID_SUBJECT: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^(mailto:[^@\s]+@[^@\s]+|https:\/\/\S+)$/, "must be a mailto: address or an https: URL")
      .optional(),
  ),
  // Runs the push scheduler (every minute) inside the web server: the single-machine default.
  PUSH_SCHEDULER: z.preprocess(emptyAsUndefined, z.enum(["true", "false"]).default("false").transform((v) => v === "true")),
  // Calls to /api per client address per window (app/server/api-access.server.ts); 0 turns the limit off.
  API_RATE_LIMIT: z.coerce.number().int().min(0).max(1_000_000).default(600),
  API_RATE_LIMIT_WINDOW: z.coerce.number().int().min(1).max(86_400).default(60),
  CORPUS_DIR: z.preprocess(
    emptyAsUndefined,
    z.string().default(path.resolve(PROJECT_ROOT, "..", "shared", "corpus")),
  ),
  // The contact form (app/server/contact/): "false" switches it off (the API answers 503).
  CONTACT_ENABLED: z.preprocess(emptyAsUndefined, z.enum(["true", "false"]).default("true").transform((v) => v === "true")),
  // Messages are always stored; with SMTP_URL (smtp:// or smtps://) they are also mailed to CONTACT_TO.
  SMTP_URL: z.preprocess(emptyAsUndefined, z.string().regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL").optional()),
  CONTACT_TO: z.preprocess(emptyAsUndefined, z.email("must be an email address").optional()),
  CONTACT_FROM: z.preprocess(emptyAsUndefined, z.string().trim().min(3).max(300).optional()),
  // OpenID Connect sign-in (app/server/auth/oidc/): on when issuer, client id and secret are all set.
  OIDC_ISSUER: z.preprocess(emptyAsUndefined, z.url().optional()),
  OIDC_CLIENT_ID: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  OIDC_CLIENT_SECRET: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  OIDC_NAME: z.preprocess(emptyAsUndefined, z.string().trim().min(1).max(60).default("OpenID Connect")),
  // Where `poetry audio` writes the daily recordings served at /audio/daily/{date}.mp3.
  DAILY_AUDIO_DIR: z.preprocess(emptyAsUndefined, z.string().default(path.join(PROJECT_ROOT, "public", "audio", "daily"))),
  // Where the /data downloads are generated; unset: a folder beside the database (app/server/open-data.server.ts).
  OPEN_DATA_DIR: z.preprocess(emptyAsUndefined, z.string().optional()),
}).superRefine((value, ctx) => {
  if (value.SMTP_URL && !value.CONTACT_TO) {
    ctx.addIssue({ code: "custom", path: ["CONTACT_TO"], message: "is required when SMTP_URL is set" });
  }
  const oidc = [value.OIDC_ISSUER, value.OIDC_CLIENT_ID, value.OIDC_CLIENT_SECRET];
  if (oidc.some(Boolean) && !oidc.every(Boolean)) {
    for (const name of ["OIDC_ISSUER", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET"] as const) {
      if (!value[name]) ctx.addIssue({ code: "custom", path: [name], message: "is required when any OIDC_ variable is set" });
    }
  }
});

export type Env = z.infer<typeof EnvSchema>;

function checkPairs(config: Env): string[] {
  if (Boolean(config.VAPID_PUBLIC_KEY) !== Boolean(config.VAPID_PRIVATE_KEY)) {
    return [`  ${config.VAPID_PUBLIC_KEY ? "VAPID_PRIVATE_KEY" : "VAPID_PUBLIC_KEY"}: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together or not at all`];
  }
  return [];
}

export class EnvError extends Error {}

/** Validates an environment; throws an EnvError whose message names every bad variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new EnvError(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  const pairs = checkPairs(result.data);
  if (pairs.length > 0) throw new EnvError(`Invalid environment configuration:\n${pairs.join("\n")}`);
  return result.data;
}

let cached: Env | undefined;

export function env(): Env {
  cached ??= parseEnv();
  return cached;
}

/** Reads process.env again: for tests that switch a setting (the contact form, OpenID Connect) mid-file. */
export function reloadEnv(): Env {
  cached = parseEnv();
  return cached;
}
