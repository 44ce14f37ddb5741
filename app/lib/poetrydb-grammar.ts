/**
 * The URL grammar of PoetryDB (github.com/thundercomb/poetrydb, README "API Reference"), read the way its
 * Sinatra app reads it, so clients written against poetrydb.org get the same answers, errors included:
 *
 *   /<input field>[,<input field>..]/<term>[;<term>..][:abs][/<output field>[,<output field>..]|all][.<format>]
 *   /author, /authors, /title, /titles (lists), /random
 *
 * Errors are PoetryDB's own objects, which it sends with HTTP 200: `{status: "405", reason}` for a request it
 * cannot read (the status is a string there) and `{status: 404, reason: "Not found"}` (a number) when nothing
 * matches.
 */

export const POEM_FIELDS = ["title", "author", "lines", "linecount"] as const;
export type PoemField = (typeof POEM_FIELDS)[number];

const INPUT_FIELDS = ["author", "title", "lines", "linecount", "poemcount", "random"] as const;
type InputField = (typeof INPUT_FIELDS)[number];

/** A text input: a case-insensitive substring, or with `:abs` the exact (case-sensitive) value. */
export interface TextMatch {
  value: string;
  exact: boolean;
}

export interface PoetryDbQuery {
  author?: TextMatch;
  title?: TextMatch;
  /** Matched against each line of the poem on its own. */
  lines?: TextMatch;
  /** Inclusive bounds on the number of non-blank lines; null is open. An exact count has min = max. */
  linecount?: { min: number | null; max: number | null };
  /** At most this many poems, in the usual order; null is no limit. */
  poemcount?: number | null;
  /** This many poems drawn at random; `byAuthor`: one each for that many randomly drawn authors. */
  random?: { count: number; byAuthor: boolean };
}

export type PoetryDbStatus = { status: "405"; reason: string } | { status: 404; reason: "Not found" };

export type PoetryDbFormat = "json" | "text";

export type PoetryDbRequest =
  | { kind: "list"; field: "author" | "title" }
  | { kind: "search"; query: PoetryDbQuery; fields: PoemField[]; format: PoetryDbFormat }
  | { kind: "status"; body: PoetryDbStatus };

export const NOT_FOUND: PoetryDbStatus = { status: 404, reason: "Not found" };

/** Counts and ranges beyond this are clamped: no answer can hold more poems than a 32-bit LIMIT. */
const MAX_COUNT = 2_147_483_647;

const refuse = (reason: string): PoetryDbRequest => ({ kind: "status", body: { status: "405", reason } });

/** Ruby's String#split: empty strings at the end are dropped, those before are kept. */
export function rubySplit(text: string, separator: string): string[] {
  const parts = text.split(separator);
  while (parts.length > 0 && parts[parts.length - 1] === "") parts.pop();
  return parts;
}

/** Ruby's String#to_i: the leading integer, 0 when there is none ("14:abs" is 14, "abc" is 0). */
export function rubyToI(text: string): number {
  const match = /^\s*([+-]?)(\d+)/.exec(text);
  if (!match) return 0;
  const value = Math.min(Number(match[2]), MAX_COUNT);
  return match[1] === "-" ? -value : value;
}

function textMatch(term: string): TextMatch {
  // PoetryDB tests the last four characters, so a term must be longer than ":abs" to be exact about something.
  if (term.length >= 4 && term.endsWith(":abs")) return { value: term.slice(0, -4), exact: true };
  return { value: term, exact: false };
}

function linecountMatch(term: string): { min: number | null; max: number | null } {
  const range = /^(\d*)-(\d*)$/.exec(term);
  if (range && (range[1] !== "" || range[2] !== "")) {
    return {
      min: range[1] === "" ? null : rubyToI(range[1]),
      max: range[2] === "" ? null : rubyToI(range[2]),
    };
  }
  // A plain count is exact; anything after the number (such as ":abs") is ignored.
  const count = rubyToI(term);
  return { min: count, max: count };
}

function randomMatch(term: string): { count: number; byAuthor: boolean } {
  const byAuthor = term.endsWith(":author");
  const count = rubyToI(byAuthor ? term.slice(0, -":author".length) : term);
  return { count: Math.max(count, 0), byAuthor };
}

/** The example PoetryDB gives after its mismatch message depends on which of its routes answered. */
function mismatch(example: "" | "/all" | "/lines"): PoetryDbRequest {
  return refuse(
    `Comma delimited fields must have corresponding semicolon delimited search terms, eg. /title,author/Winter;Shakespeare${example}`,
  );
}

/** The format suffix of the output segment, checked before anything else in it, as PoetryDB does. */
function parseFormat(segment: string | undefined): PoetryDbFormat | PoetryDbRequest {
  if (segment === undefined) return "json";
  const format = rubySplit(segment, ".")[1];
  if (format === undefined || format === "json" || format === "text") return format ?? "json";
  return refuse(`${format} output format not available. Only text and json allowed.`);
}

function checkOutputFields(segment: string): PoemField[] | PoetryDbRequest {
  const [fieldList = ""] = rubySplit(segment, ".");
  if (fieldList === "all") return [...POEM_FIELDS];
  const wanted = new Set<PoemField>();
  for (const field of rubySplit(fieldList, ",")) {
    if (!(POEM_FIELDS as readonly string[]).includes(field)) {
      return refuse(`${field} output field not available. Only author, title, lines, and linecount allowed.`);
    }
    wanted.add(field as PoemField);
  }
  // Fields come out in the order poems store them, whatever order they were asked in; none asked is all.
  const fields = POEM_FIELDS.filter((field) => wanted.has(field));
  return fields.length > 0 ? fields : [...POEM_FIELDS];
}

/** Reads the decoded path segments after /poetrydb/. */
export function parsePoetryDbPath(segments: readonly string[]): PoetryDbRequest {
  if (segments.length === 0 || segments.length > 3) return { kind: "status", body: NOT_FOUND };
  if (segments.length === 1) {
    const [key] = segments as [string];
    if (key === "author" || key === "authors") return { kind: "list", field: "author" };
    if (key === "title" || key === "titles") return { kind: "list", field: "title" };
    if (key === "random") {
      return { kind: "search", query: { random: { count: 1, byAuthor: false } }, fields: [...POEM_FIELDS], format: "json" };
    }
    return refuse(`${key} list not available. Only author and title allowed.`);
  }

  const [keys, terms, outputSegment] = segments as [string, string, string | undefined];
  const inputs = rubySplit(keys, ",");
  if (inputs.length === 0 || inputs.some((key) => !(INPUT_FIELDS as readonly string[]).includes(key))) {
    return refuse(`${keys} input field not available. Only author, title, lines, linecount, and poemcount or random allowed.`);
  }
  if (inputs.includes("poemcount") && inputs.includes("random")) {
    return refuse("Use either poemcount or random as input fields, but not both.");
  }
  const format = parseFormat(outputSegment);
  if (typeof format !== "string") return format;
  // The README: "The number of input fields should always be matched by the number of search terms".
  const values = rubySplit(terms, ";");
  if (values.length !== inputs.length) {
    const allFields = outputSegment !== undefined && rubySplit(outputSegment, ".")[0] === "all";
    return mismatch(outputSegment === undefined ? "" : allFields ? "/all" : "/lines");
  }
  const fields = outputSegment === undefined ? [...POEM_FIELDS] : checkOutputFields(outputSegment);
  if (!Array.isArray(fields)) return fields;

  const query: PoetryDbQuery = {};
  inputs.forEach((key, index) => {
    const term = values[index]!;
    switch (key as InputField) {
      case "author":
      case "title":
      case "lines":
        query[key as "author" | "title" | "lines"] = textMatch(term);
        break;
      case "linecount":
        query.linecount = linecountMatch(term);
        break;
      case "poemcount": {
        // As MongoDB's limit(): 0 is no limit and a negative count is its size.
        const count = rubyToI(term);
        query.poemcount = count === 0 ? null : Math.abs(count);
        break;
      }
      case "random":
        query.random = randomMatch(term);
        break;
    }
  });
  return { kind: "search", query, fields, format };
}

/** `.text` answers: each poem's fields as a name line then its value (lines one per line), poems ending in a blank line. */
export function poemsAsText(poems: readonly Partial<Record<PoemField, string | string[]>>[]): string {
  let text = "";
  for (const poem of poems) {
    const parts: string[] = [];
    for (const field of POEM_FIELDS) {
      const value = poem[field];
      if (value === undefined) continue;
      parts.push(field, ...(Array.isArray(value) ? value : [value]));
    }
    text += `${parts.join("\n")}\n\n`;
  }
  return text;
}
