// Generators of hostile input for the bad-input system test (tests/system/bad-input.test.ts), and the checks
// every answer to such input must pass.
import fc from "fast-check";
import { expect } from "vitest";

/** Markup that would run if a page echoed it raw: no HTML answer may contain one of these verbatim. */
export const XSS_PAYLOADS = [
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "'><svg/onload=alert(1)>",
  "<iframe src=javascript:alert(1)>",
  "</textarea><script>alert(2)</script>",
] as const;

const SQL_PAYLOADS = ["' OR '1'='1", "'; DROP TABLE poems; --", "1 UNION SELECT password_hash FROM users--", "\\'", "%' AND 1=1 --"];

const ODD_TEXT = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\u0001\u0002\u001b[31m",
  "\r\n\r\n",
  "\uFEFF",
  "\uD800",
  "\uDFFF\uD800",
  "\u202Etxt.exe",
  "😀👩‍👩‍👧‍👦",
  "ﷺ",
  "Ω≈ç√",
  "../../etc/passwd",
  "..%2F..%2Fetc%2Fpasswd",
  "%00",
  "%",
  "%zz",
  "%E0%A4%A",
  "%C0%AF",
  "null",
  "undefined",
  "true",
  "[]",
  "{}",
  "[object Object]",
  "__proto__",
  "constructor",
];

const NUMBERISH = [
  "-1",
  "0",
  "-0",
  "1.5",
  "1e309",
  "-1e309",
  "NaN",
  "Infinity",
  "0x10",
  " 7 ",
  "+3",
  "99999999999999999999999999999999",
  String(Number.MAX_SAFE_INTEGER + 2),
  String(2 ** 31),
  "-2147483649",
  "1,000",
  "１２",
];

/** One hostile text value: payloads, control characters, lone surrogates, number-like words, long runs. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...XSS_PAYLOADS, ...SQL_PAYLOADS, ...ODD_TEXT, ...NUMBERISH),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.integer().map(String),
  fc.double().map(String),
  fc.bigInt().map(String),
  fc.tuple(fc.constantFrom(...XSS_PAYLOADS, ...SQL_PAYLOADS), fc.string({ maxLength: 10 })).map(([a, b]) => b + a + b),
  // A NUL, another control character, a line separator or a lone surrogate inside ordinary text.
  fc
    .tuple(fc.string({ maxLength: 8 }), fc.constantFrom("\0", "\u0001", "\n", "\r", "\u2028", "\u007f", "\uD800"), fc.string({ maxLength: 8 }))
    .map(([a, c, b]) => a + c + b),
  // Long runs (past every length limit, and past the 16 KB header limit in an address): shrink towards short.
  fc.integer({ min: 1_000, max: 20_000 }).map((n) => "x".repeat(n)),
);

/** Percent-encodes any JavaScript string as UTF-8 (lone surrogates become U+FFFD instead of throwing). */
export function encodeComponent(value: string): string {
  let out = "";
  for (const byte of new TextEncoder().encode(value)) {
    const char = String.fromCharCode(byte);
    out += /[A-Za-z0-9_.~-]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

/** A path segment: usually an encoded hostile value, sometimes raw bytes the URL parser keeps (bad %-escapes). */
export const pathSegment: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: nastyString.map(encodeComponent) },
  { weight: 1, arbitrary: fc.constantFrom("%", "%zz", "%E0%A4%A", "%C0%AF", "%00", "%2F", "..", "%2e%2e", "a%20b", "-") },
);

type JsonSchema = Record<string, any>;

/** A value for one documented parameter or body field: one its schema accepts, or a hostile one. */
export function valueFor(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const fitting: fc.Arbitrary<unknown>[] = [];
  if (schema?.enum) fitting.push(fc.constantFrom(...schema.enum));
  if (schema?.type === "integer") {
    const min = schema.minimum ?? -1_000;
    const max = schema.maximum ?? 1_000;
    fitting.push(fc.integer({ min, max }), fc.constantFrom(min - 1, max + 1, 2 ** 53, -(2 ** 53)));
  }
  if (schema?.type === "boolean") fitting.push(fc.boolean());
  if (schema?.type === "array") fitting.push(fc.array(valueFor(schema.items), { maxLength: 4 }));
  if (schema?.type === "object") fitting.push(objectFor(schema));
  if (schema?.anyOf) fitting.push(...schema.anyOf.map((inner: JsonSchema) => valueFor(inner)));
  return fc.oneof(...fitting, nastyString, fc.jsonValue({ maxDepth: 2 }));
}

/** An object shaped like a documented JSON body, each field present or absent, fitting or hostile. */
export function objectFor(schema: JsonSchema | undefined): fc.Arbitrary<Record<string, unknown>> {
  const properties = (schema?.properties ?? {}) as Record<string, JsonSchema>;
  const known = fc.record(
    Object.fromEntries(Object.entries(properties).map(([name, inner]) => [name, valueFor(inner)])),
    { requiredKeys: [] },
  );
  const extra = fc.dictionary(fc.oneof(nastyString, fc.constantFrom("__proto__", "constructor")), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 });
  return fc.tuple(known, extra).map(([a, b]) => ({ ...b, ...a }));
}

/** A request body as bytes on the wire plus the Content-Type it claims (if any). */
export interface RawBody {
  body: string | FormData | undefined;
  contentType: string | undefined;
}

const BROKEN_JSON = ['{"a":', "{", "[1,2", "'single'", '{"a":1,}', "nul", '"\\u12"', "\u0000", "{}}", "[".repeat(5000) + "]".repeat(5000)];

/** Bodies for a JSON endpoint: shaped like its schema, any JSON, broken JSON, and the same under wrong types. */
export function jsonBodyFor(schema: JsonSchema | undefined): fc.Arbitrary<RawBody> {
  const text = fc.oneof(
    { weight: 4, arbitrary: objectFor(schema).map((value) => JSON.stringify(value)) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)) },
    { weight: 1, arbitrary: fc.constantFrom(...BROKEN_JSON) },
    { weight: 1, arbitrary: nastyString },
  );
  const contentType = fc.oneof(
    { weight: 5, arbitrary: fc.constant("application/json") },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        undefined,
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data",
        "multipart/form-data; boundary=zzz",
        "application/json; charset=utf-16",
        "application/xml",
        "application/merge-patch+json",
        "garbage/\u00ff",
      ),
    },
  );
  return fc.record({ body: fc.option(text, { nil: undefined, freq: 10 }), contentType });
}

/** Form fields: each named one present (once or repeated) or not, fitting or hostile, plus stray names. */
export function formFieldsFor(fields: Record<string, string[]>): fc.Arbitrary<[string, string][]> {
  const named = Object.entries(fields).map(([name, fitting]) =>
    fc.option(
      fc.array(fitting.length ? fc.oneof(fc.constantFrom(...fitting), nastyString) : nastyString, { minLength: 1, maxLength: 2 }).map(
        (values) => values.map((value): [string, string] => [name, value]),
      ),
      { nil: [] as [string, string][], freq: 5 },
    ),
  );
  const stray = fc.array(fc.tuple(nastyString, nastyString), { maxLength: 2 });
  return fc.tuple(fc.tuple(...named), stray).map(([lists, extra]) => [...lists.flat(), ...extra]);
}

/** A form post as a browser sends it (urlencoded or multipart), or under a wrong or missing Content-Type. */
export function formBodyFor(fields: Record<string, string[]>): fc.Arbitrary<RawBody> {
  return fc.tuple(formFieldsFor(fields), fc.integer({ min: 0, max: 9 }), fc.constantFrom(...BROKEN_JSON, "a=%zz&b=%", "--x\r\n")).map(
    ([pairs, how, junk]): RawBody => {
      if (how <= 4) return { body: new URLSearchParams(pairs).toString(), contentType: "application/x-www-form-urlencoded" };
      if (how <= 6) {
        const form = new FormData();
        for (const [name, value] of pairs) form.append(name, value);
        return { body: form, contentType: undefined }; // fetch writes multipart with its boundary
      }
      const types = ["application/json", "text/plain", "multipart/form-data", undefined] as const;
      return { body: how === 9 ? junk : new URLSearchParams(pairs).toString(), contentType: types[how - 7] ?? "multipart/form-data; boundary=nope" };
    },
  );
}

/**
 * How a page shows what went wrong: the error boundary's view, an alert, fields marked invalid beside their
 * messages, or the daily page's "No poem scheduled for this date".
 */
const ERROR_SHOWN = /class="error-view|role="alert"|aria-invalid="true"|class="daily__empty"/;

export interface Answer {
  status: number;
  contentType: string;
  text: string;
  headers: Headers;
}

/** How many requests `send` made in this process, for the test's summary line. */
export const sent = { count: 0 };

/** Sends one request and reads the whole answer; redirects are answers too, never followed. */
export async function send(url: string, init: RequestInit & { contentType?: string } = {}): Promise<Answer> {
  sent.count++;
  const headers = new Headers(init.headers);
  if (init.contentType !== undefined) headers.set("Content-Type", init.contentType);
  const response = await fetch(url, { ...init, headers, redirect: "manual" });
  const text = await response.text();
  return { status: response.status, contentType: response.headers.get("Content-Type") ?? "", text, headers: response.headers };
}

/**
 * What every answer to bad input must be: never a 5xx; a 4xx explains itself (a JSON `error` under /api, an
 * error shown on the page otherwise); an HTML answer never holds a payload verbatim (escaped is fine).
 */
export function expectSafeAnswer(answer: Answer, where: string) {
  const summary = `${where} -> ${answer.status} ${answer.contentType}\n${answer.text.slice(0, 600)}`;
  expect(answer.status, summary).toBeLessThan(500);
  if (answer.contentType.includes("html")) {
    for (const payload of XSS_PAYLOADS) expect(answer.text.includes(payload), `payload echoed raw: ${summary}`).toBe(false);
  }
  if (answer.status < 400 || answer.status === 304) return;
  if (answer.contentType.includes("json")) {
    const body = JSON.parse(answer.text) as { error?: unknown; parameter?: unknown; errors?: Record<string, unknown> };
    expect(typeof body.error, summary).toBe("string");
    expect((body.error as string).length, summary).toBeGreaterThan(0);
    // A named parameter is explained in the message or in the errors by field ("request": the body as a whole).
    const { parameter } = body;
    if (typeof parameter === "string" && parameter !== "request") {
      expect((body.error as string).includes(parameter) || typeof body.errors?.[parameter] === "string", summary).toBe(true);
    }
  } else if (answer.contentType.includes("html")) {
    expect(ERROR_SHOWN.test(answer.text), `no error shown: ${summary}`).toBe(true);
  } else {
    // Plain text refusals (the cross-site form guard): a sentence, not an empty body.
    expect(answer.text.trim().length, summary).toBeGreaterThan(0);
  }
}

/** A hostile value that can still travel in a header (Latin-1 without control characters: fetch refuses those). */
export const headerValue: fc.Arbitrary<string> = nastyString.map((value) =>
  value.replace(/[^\t\u0020-\u007e\u0080-\u00ff]/g, "?").trim().slice(0, 4000),
);
