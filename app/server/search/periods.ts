import { sql, type RawBuilder } from "kysely";

/**
 * Time periods of the search filter and the year that places a poem in one.
 *
 * The rule ("era year"): the poem's own year when the corpus gives it; otherwise its poet's death year; when
 * only a birth year is known, birth + 30 (roughly the middle of a writing life); with neither, the poem is in
 * no period and a period filter leaves it out. A poet is placed by the same rule without the poem's year.
 *
 * Bounds: pre-1800 is before 1800; 1800-1900 is 1800 to 1900 inclusive; post-1900 is after 1900.
 */
export const TIME_PERIODS = ["pre-1800", "1800-1900", "post-1900"] as const;
export type TimePeriod = (typeof TIME_PERIODS)[number];

/** Years added to a birth year when it is the only date known. */
export const BIRTH_TO_WORKING_YEARS = 30;

export function periodOfYear(year: number | null): TimePeriod | null {
  if (year === null) return null;
  if (year < 1800) return "pre-1800";
  if (year <= 1900) return "1800-1900";
  return "post-1900";
}

/** A poet's era year in SQL; dates are text whose year is the leading digits ('1795', '1795-10-31'). */
export function poetEraSql(poets: string): RawBuilder<number | null> {
  const p = sql.ref(poets);
  return sql<number | null>`coalesce(
    substring(${p}.death_date from '^[0-9]{1,4}')::int,
    substring(${p}.birth_date from '^[0-9]{1,4}')::int + ${sql.lit(BIRTH_TO_WORKING_YEARS)})`;
}

export function poemEraSql(poems: string, poets: string): RawBuilder<number | null> {
  return sql<number | null>`coalesce(${sql.ref(poems)}.year, ${poetEraSql(poets)})`;
}

/** `and <year expression> in the period`, or nothing when no period is asked for. */
export function periodFilter(year: RawBuilder<unknown>, period: TimePeriod | undefined): RawBuilder<unknown> {
  switch (period) {
    case undefined:
      return sql``;
    case "pre-1800":
      return sql`and ${year} < 1800`;
    case "1800-1900":
      return sql`and ${year} between 1800 and 1900`;
    case "post-1900":
      return sql`and ${year} > 1900`;
  }
}
