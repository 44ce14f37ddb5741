import { expect, test } from "vitest";
import {
  CLOUD_WIDTH,
  clampZoom,
  cloudFontSize,
  isWordFrequencyLimit,
  searchHref,
  wordFrequencyCacheFile,
} from "./word-frequency";

test("limits are 25, 50, 75 and 100 only", () => {
  expect([25, 50, 75, 100].every(isWordFrequencyLimit)).toBe(true);
  expect([0, 10, 30, 101, 50.5].some(isWordFrequencyLimit)).toBe(false);
});

test("font sizes run from 10 to 100 px across the frequencies shown", () => {
  expect(cloudFontSize(5, 5, 105)).toBe(10);
  expect(cloudFontSize(105, 5, 105)).toBe(100);
  expect(cloudFontSize(55, 5, 105)).toBe(55);
  expect(cloudFontSize(7, 7, 7)).toBe(100);
});

test("zoom stays within 0.5 and 2, in tenths", () => {
  expect(clampZoom(0.3)).toBe(0.5);
  expect(clampZoom(2.4)).toBe(2);
  expect(clampZoom(1 + 0.1 + 0.1)).toBe(1.2);
});

test("the cloud is min(2 × 600, 1000) wide; words link to search; caches are keyed by mode and limit", () => {
  expect(CLOUD_WIDTH).toBe(1000);
  expect(searchHref("o'er")).toBe("/search?q=o'er");
  expect(searchHref("a b")).toBe("/search?q=a%20b");
  expect(wordFrequencyCacheFile(true, 25)).toBe("all-without-common-25.json");
  expect(wordFrequencyCacheFile(false, 100)).toBe("all-with-common-100.json");
});
