/** The daily poem's address for a date, month and day unpadded as the spec writes it: /daily/2026/3/7. */
export function dailyPath(year: number, month: number, day: number): string {
  return `/daily/${year}/${month}/${day}`;
}

/** Today's daily address in UTC (what the server knows) ... */
export function utcDailyPath(now: Date = new Date()): string {
  return dailyPath(now.getUTCFullYear(), now.getUTCMonth() + 1, now.getUTCDate());
}

/** ... and in the reader's own time zone (what the browser knows). */
export function localDailyPath(now: Date = new Date()): string {
  return dailyPath(now.getFullYear(), now.getMonth() + 1, now.getDate());
}
