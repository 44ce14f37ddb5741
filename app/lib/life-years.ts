/**
 * A poet's life years as the spec prints them: 'start — end', 'b. start' or 'd. end', and nothing when
 * neither date is known.
 *
 * A year is the part of a date before its first dash ('1795-10-31' -> '1795'). A date that STARTS with a dash
 * is an astronomical/ISO 8601 year before the common era ('-0043' or '-0043-03-15'): read literally the rule
 * would give an empty year, so the sign is kept apart and the year printed as '43 BC'. Leading zeros are
 * dropped ('0800' -> '800'). The corpus's dates are plain years like '1795'.
 */
export function yearOf(date: string | null | undefined): string | null {
  const text = date?.trim();
  if (!text) return null;
  const beforeCommonEra = text.startsWith("-");
  const year = (beforeCommonEra ? text.slice(1) : text).split("-")[0].trim();
  if (!year) return null;
  const digits = /^\d+$/.test(year) ? String(Number(year)) : year;
  return beforeCommonEra ? `${digits} BC` : digits;
}

export function formatLifeYears(birthDate: string | null | undefined, deathDate: string | null | undefined): string | null {
  const born = yearOf(birthDate);
  const died = yearOf(deathDate);
  if (born && died) return `${born} — ${died}`;
  if (born) return `b. ${born}`;
  if (died) return `d. ${died}`;
  return null;
}
