import type { z } from "zod";

export class UsageError extends Error {}

/** Validates a command's options with its zod schema; a UsageError names each bad option. */
export function parseOptions<S extends z.ZodType>(schema: S, raw: unknown): z.infer<S> {
  const result = schema.safeParse(raw);
  if (!result.success) {
    const flag = (key: string) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
    const lines = result.error.issues.map((i) => `  --${flag(i.path.join(".")) || "options"}: ${i.message}`);
    throw new UsageError(`Invalid options:\n${lines.join("\n")}`);
  }
  return result.data;
}

/**
 * Wraps a command action: any error is printed as one clear line (no stack for expected failures)
 * and the exit code is set, never process.exit, so commands can be called from tests.
 */
export function action<A extends unknown[]>(fn: (...args: A) => Promise<void>) {
  return async (...args: A) => {
    try {
      await fn(...args);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      process.stderr.write(`poetry: ${message}\n`);
      if (process.env.POETRY_DEBUG && error instanceof Error) process.stderr.write(`${error.stack}\n`);
      process.exitCode = error instanceof UsageError ? 2 : 1;
    }
  };
}
