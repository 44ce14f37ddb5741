import path from "node:path";
import { z } from "zod";

/** The repository root: every relative default below is resolved against it, not the caller's cwd. */
export const PROJECT_ROOT = path.resolve(import.meta.dirname, "../..");

const emptyAsUndefined = (value: unknown) => (value === "" ? undefined : value);

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
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
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
  // a hop count ("1"), or addresses / subnets / "loopback" separated by commas.
  TRUST_PROXY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .trim()
      .transform((value): boolean | number | string =>
        value === "true" ? true : value === "false" ? false : /^\d+$/.test(value) ? Number(value) : value,
      )
      .optional(),
  ),
  // Calls to /api per client address per window (app/server/api-access.server.ts); 0 turns the limit off.
  API_RATE_LIMIT: z.coerce.number().int().min(0).max(1_000_000).default(600),
  API_RATE_LIMIT_WINDOW: z.coerce.number().int().min(1).max(86_400).default(60),
  CORPUS_DIR: z.preprocess(
    emptyAsUndefined,
    z.string().default(path.resolve(PROJECT_ROOT, "..", "shared", "corpus")),
  ),
});

export type Env = z.infer<typeof EnvSchema>;

export class EnvError extends Error {}

/** Validates an environment; throws an EnvError whose message names every bad variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new EnvError(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  return result.data;
}

let cached: Env | undefined;

export function env(): Env {
  cached ??= parseEnv();
  return cached;
}
