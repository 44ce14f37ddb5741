import { readFileSync } from "node:fs";
import path from "node:path";

/** Port of the e2e server; E2E_PORT overrides it when 3100 is taken. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);

const ROOT = path.resolve(import.meta.dirname, "../../..");
/** One folder per port, so two e2e runs on different ports never share a database or state. */
export const E2E_DIR = path.join(ROOT, "data", E2E_PORT === 3100 ? "e2e" : `e2e-${E2E_PORT}`);

/** The e2e server's DAILY_AUDIO_DIR: the daily spec renders recordings into it. */
export const E2E_AUDIO_DIR = path.join(E2E_DIR, "audio");

/** Written by tests/e2e/server.ts before the server starts; the tests read which corpus it imported. */
export const STATE_FILE = path.join(E2E_DIR, "state.json");

export interface E2eState {
  corpusDir: string;
  database: string;
}

export function readState(): E2eState {
  return JSON.parse(readFileSync(STATE_FILE, "utf8")) as E2eState;
}
