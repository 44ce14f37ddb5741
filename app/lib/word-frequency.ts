/** Word-frequency constants and helpers shared by the server, the pipeline and the screen (spec section 9). */

export const WORD_FREQUENCY_LIMITS = [25, 50, 75, 100] as const;
export type WordFrequencyLimit = (typeof WORD_FREQUENCY_LIMITS)[number];
export const DEFAULT_WORD_FREQUENCY_LIMIT: WordFrequencyLimit = 50;
/** Cloud and list height; cloud width min(2 × height, 1000). */
export const WORD_FREQUENCY_HEIGHT = 600;
export const CLOUD_WIDTH = Math.min(2 * WORD_FREQUENCY_HEIGHT, 1000);
export const CLOUD_FONT = { min: 10, max: 100 } as const;
export const CLOUD_ZOOM = { min: 0.5, max: 2, step: 0.1 } as const;
export const CLOUD_MAX_ROTATION = 30;
/** Three alternating blues (dark enough to read on the light cloud background). */
export const CLOUD_COLORS = ["#1e3a8a", "#1d4ed8", "#2563eb"] as const;
export const MAX_WORDS_DEBOUNCE_MS = 300;

export interface WordFrequency {
  word: string;
  frequency: number;
}

export function isWordFrequencyLimit(value: number): value is WordFrequencyLimit {
  return (WORD_FREQUENCY_LIMITS as readonly number[]).includes(value);
}

/** The static cache of all poems for one (with/without common words, limit): served at /word-frequency/{file}. */
export function wordFrequencyCacheFile(excludeCommon: boolean, limit: number): string {
  return `all-${excludeCommon ? "without" : "with"}-common-${limit}.json`;
}

/** Font size for a frequency: linear from the least to the most frequent word shown, 10 to 100 px. */
export function cloudFontSize(frequency: number, least: number, most: number): number {
  if (most <= least) return CLOUD_FONT.max;
  return CLOUD_FONT.min + ((frequency - least) / (most - least)) * (CLOUD_FONT.max - CLOUD_FONT.min);
}

export function clampZoom(zoom: number): number {
  return Math.round(Math.min(CLOUD_ZOOM.max, Math.max(CLOUD_ZOOM.min, zoom)) * 10) / 10;
}

export function searchHref(word: string): string {
  return `/search?q=${encodeURIComponent(word)}`;
}
