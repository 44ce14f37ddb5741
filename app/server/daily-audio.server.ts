import { existsSync } from "node:fs";
import path from "node:path";
import type { IsoDate } from "~/lib/daily-date";
import { env, PROJECT_ROOT } from "./env.server";

/**
 * Where `poetry audio` writes the day's recording (not committed; see the spec's /audio/daily/{date}.mp3):
 * public/audio/daily unless DAILY_AUDIO_DIR says otherwise.
 */
export function dailyAudioDir(): string {
  return path.resolve(PROJECT_ROOT, env().DAILY_AUDIO_DIR);
}

export function dailyAudioFile(date: IsoDate, dir = dailyAudioDir()): string {
  return path.join(dir, `${date}.mp3`);
}

/** The public address of the day's recording when its file exists, else null. */
export function dailyAudioUrl(date: IsoDate): string | null {
  return existsSync(dailyAudioFile(date)) ? `/audio/daily/${date}.mp3` : null;
}
