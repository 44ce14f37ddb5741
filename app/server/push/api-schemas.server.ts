import { z } from "zod";
import { isTimeZone } from "~/lib/daily-date";
import { ApiError, badParameter, parseInput } from "../http.server";

/** Request bodies of the /api/notifications calls; every message names its field. */

const base64url = (name: string, bytes: number, extra?: (decoded: Buffer) => boolean) => {
  const message = `${name} must be a base64url string of ${bytes} bytes`;
  return z
    .string({ error: message })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, message)
    .refine((value) => {
      const decoded = Buffer.from(value.replace(/=+$/, ""), "base64url");
      return decoded.length === bytes && (extra?.(decoded) ?? true);
    }, message);
};

const endpoint = z
  .string({ error: "endpoint must be the push service's https URL" })
  .max(2048, "endpoint must be at most 2048 characters")
  .refine((value) => {
    try {
      return new URL(value).protocol === "https:";
    } catch {
      return false;
    }
  }, "endpoint must be the push service's https URL");

export const SubscriptionBody = z.object(
  {
    endpoint,
    keys: z.object(
      {
        // An uncompressed P-256 point: 0x04, then x and y.
        p256dh: base64url("keys.p256dh", 65, (decoded) => decoded[0] === 4),
        auth: base64url("keys.auth", 16),
      },
      { error: "keys must hold p256dh and auth" },
    ),
    // PushSubscription.toJSON() also sends this; it is not needed.
    expirationTime: z.number().nullable().optional(),
  },
  { error: "the body must be a push subscription {endpoint, keys}" },
);

export const UnsubscribeBody = z.object({ endpoint }, { error: "the body must be {endpoint}" });

const flag = (name: string) => z.boolean({ error: `${name} must be true or false` }).optional();

export const PreferencesBody = z
  .object(
    {
      daily_poem: flag("daily_poem"),
      weekly_digest: flag("weekly_digest"),
      author_updates: flag("author_updates"),
      product_updates: flag("product_updates"),
      daily_poem_time_minutes: z
        .number({ error: "daily_poem_time_minutes must be a whole number from 0 to 1439" })
        .int("daily_poem_time_minutes must be a whole number from 0 to 1439")
        .min(0, "daily_poem_time_minutes must be a whole number from 0 to 1439")
        .max(1439, "daily_poem_time_minutes must be a whole number from 0 to 1439")
        .optional(),
      timezone: z
        .string({ error: "timezone must be an IANA time zone name such as Europe/London" })
        .refine(isTimeZone, "timezone must be an IANA time zone name such as Europe/London")
        .optional(),
    },
    { error: "the body must be a JSON object of preferences" },
  )
  .strict()
  .refine((value) => Object.keys(value).length > 0, "the body must change at least one preference");

/** The JSON body of a request, or a 400 naming `body` when it is not JSON. */
export async function jsonBody(request: Request): Promise<unknown> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!/^application\/(.+\+)?json\b/i.test(type)) {
    throw new ApiError(415, "Send the body as JSON (Content-Type: application/json)", { parameter: "body" });
  }
  try {
    return await request.json();
  } catch {
    throw badParameter("body", "body must be valid JSON");
  }
}

/** parseInput, except that an unknown field is a 400 naming that field (a typo must not be silently ignored). */
export function parsePreferences(body: unknown) {
  const result = PreferencesBody.safeParse(body);
  const unknown = result.error?.issues.find((issue) => issue.code === "unrecognized_keys");
  if (unknown && unknown.code === "unrecognized_keys") {
    const field = String(unknown.keys[0]);
    throw badParameter(
      field,
      `${field} is not a preference: send daily_poem, weekly_digest, author_updates, product_updates, daily_poem_time_minutes or timezone`,
    );
  }
  return parseInput(PreferencesBody, body);
}
