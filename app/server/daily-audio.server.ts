import { existsSync } from "node:fs";
import path from "node:path";
import type { IsoDate } from "~/lib/daily-date";
import { PROJECT_ROOT } from "./env.server";

/** Where `poetry audio` writes the day's recording (not committed; see the spec's /audio/daily/{date}.mp3). */
export const DAILY_AUDIO_DIR = path.join(PROJECT_ROOT, "public", "audio", "daily");

export function dailyAudioFile(date: IsoDate): string {
  return path.join(DAILY_AUDIO_DIR, `${date}.mp3`);
}

/** The public address of the day's recording when its file exists, else null. */
export function dailyAudioUrl(date: IsoDate): string | null {
  return existsSync(dailyAudioFile(date)) ? `/audio/daily/${date}.mp3` : null;
}
