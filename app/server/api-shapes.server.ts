import { z } from "zod";
import type { WordFrequency } from "~/lib/word-frequency";
import { TIME_PERIODS } from "./search/periods";

/**
 * The JSON shapes the /api routes answer with, as zod schemas. They are the single source: the TypeScript
 * types in serialize.server.ts and the models are inferred from them, and the OpenAPI document
 * (/api/openapi.json) is generated from them, so a field added here is typed, served and documented at once.
 */

const nullableText = z.string().nullable();
const nullableYear = z.number().int().nullable();

export const RightsStatusSchema = z
  .enum(["pd", "pd_us_only"])
  .meta({ description: "pd: public domain everywhere; pd_us_only: public domain in the United States only." });

export const PoemListItemSchema = z
  .object({
    id: z.string(),
    slug: z.string(),
    title: z.string(),
    author: z.string(),
    author_directory: z.string(),
    year: nullableYear,
    favorite_count: z.number().int().min(0),
    view_count: z.number().int().min(0),
    line_count: z.number().int().min(0),
    excerpt: z.string().meta({ description: "Plain-text start of the poem, about 160 characters." }),
  })
  .meta({ id: "PoemListItem" });

export const PoemCollectionRefSchema = z.object({
  id: z.string(),
  title: z.string(),
  year: nullableYear,
  sequence_number: z.number().int(),
  section: nullableText,
});

export const PoemDetailSchema = z
  .object({
    id: z.string(),
    slug: z.string(),
    title: z.string(),
    subtitle: nullableText,
    author: z.string(),
    author_directory: z.string(),
    year: nullableYear,
    content: z.string().meta({ description: "The poem text in the corpus's light markup (stanzas, indents, emphasis)." }),
    front_matter: z.record(z.string(), z.unknown()).nullable(),
    line_count: z.number().int().min(0),
    favorite_count: z.number().int().min(0),
    view_count: z.number().int().min(0),
    translator: nullableText,
    editor: nullableText,
    note: nullableText,
    editorial_note: nullableText,
    rights: RightsStatusSchema,
    flags: z.array(z.string()),
    source: z.object({ edition: nullableText, repository: nullableText, path: nullableText, commit: nullableText }),
    collections: z.array(PoemCollectionRefSchema),
  })
  .meta({ id: "PoemDetail" });

export const DailyPoemSchema = PoemDetailSchema.extend({
  scheduled_date: z.iso.date(),
  auto_selected: z.boolean(),
}).meta({ id: "DailyPoem" });

export const CollectionPoemItemSchema = PoemListItemSchema.extend({
  sequence_number: z.number().int(),
  section: nullableText,
  number: nullableText,
}).meta({ id: "CollectionPoemItem" });

export const PoetMetaDataSchema = z
  .object({
    wikipedia_url: nullableText.optional(),
    description_attribution: nullableText.optional(),
    dates_as_printed: nullableText.optional(),
    note: nullableText.optional(),
    biography_repository: nullableText.optional(),
    biography_path: nullableText.optional(),
    biography_commit: nullableText.optional(),
  })
  .meta({ id: "PoetMetaData" });

export const PoetSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    directory: z.string(),
    directory_name: z.string().meta({ description: "The same value as directory." }),
    poem_count: z.number().int().min(0),
    birth_date: nullableText,
    death_date: nullableText,
    description: nullableText.meta({ description: "One-line descriptor from Wikipedia (CC BY-SA 4.0)." }),
    biography: nullableText,
    biography_source: nullableText,
    biography_license: nullableText,
    primary_image_url: nullableText,
    meta_data: PoetMetaDataSchema.extend({ wikipedia_url: nullableText }),
  })
  .meta({ id: "Poet" });

export const CollectionSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    year: nullableYear,
    poet: z.string(),
    poet_directory: nullableText.meta({ description: "null for books by several authors and anthologies." }),
    editor: nullableText,
    description: nullableText,
    rights: RightsStatusSchema,
    anthology: z.boolean(),
    poem_count: z.number().int().min(0),
  })
  .meta({ id: "Collection" });

export const CollectionDetailSchema = CollectionSchema.extend({
  sections: z.array(z.string()),
  source: z.object({
    repository: nullableText,
    path: nullableText,
    commit: nullableText,
    gutenberg_id: z.number().int().nullable(),
  }),
}).meta({ id: "CollectionDetail" });

export const PageSchema = z.object({
  total: z.number().int().min(0),
  total_pages: z.number().int().min(0),
  page: z.number().int().min(1),
  per_page: z.number().int().min(1),
});

export const PoemPageSchema = PageSchema.extend({ poems: z.array(PoemListItemSchema) }).meta({ id: "PoemPage" });
export const PoetPageSchema = PageSchema.extend({ poets: z.array(PoetSchema) }).meta({ id: "PoetPage" });

export const StatsSchema = z
  .object({
    total_poems: z.number().int().min(0),
    total_poets: z.number().int().min(0),
    total_collections: z.number().int().min(0),
  })
  .meta({ id: "Stats" });

export const WordFrequencySchema = z.object({ word: z.string(), frequency: z.number().int().min(1) });

/** true when two types describe the same values: for types that cannot be inferred from a schema here. */
export type SameShape<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

// WordFrequency lives in app/lib (the browser's word cloud reads it too); tsc fails here if it drifts.
true satisfies SameShape<WordFrequency, z.infer<typeof WordFrequencySchema>>;

export const FavoriteItemSchema = z
  .object({
    id: z.string(),
    slug: z.string(),
    title: z.string(),
    author: z.string(),
    author_directory: z.string(),
    year: nullableYear,
    favorite_count: z.number().int().min(0),
    favorited_at: z.string().meta({ description: "When the reader favorited it (ISO 8601)." }),
  })
  .meta({ id: "FavoriteItem" });

export const FavoriteStatusSchema = z.object({ is_favorited: z.boolean(), favorite_count: z.number().int().min(0) });
export const FavoriteChangeSchema = z.object({
  action: z.enum(["favorited", "unfavorited"]),
  favorite_count: z.number().int().min(0),
});

export const ProfileSummarySchema = z.object({
  created_at: z.string(),
  stats: z.object({ favorite_count: z.number().int().min(0), view_count: z.number().int().min(0) }),
});

export const ApiTokenSchema = z.object({
  token: z.string(),
  token_type: z.literal("Bearer"),
  expires_in: z.number().int().meta({ description: "Seconds the token stays valid." }),
});

export const HealthSchema = z.object({ status: z.literal("ok"), database: z.literal("ok") });
export const UnhealthySchema = z.object({ status: z.literal("error"), database: z.literal("unreachable") });

const SnippetSegmentSchema = z.object({ text: z.string(), match: z.boolean() });

export const SearchResponseSchema = z
  .object({
    poets: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        directory: z.string(),
        directory_name: z.string(),
        poem_count: z.number().int().min(0),
        birth_date: nullableText,
        death_date: nullableText,
      }),
    ),
    poems: z.array(
      z.object({
        id: z.string(),
        slug: z.string(),
        title: z.string(),
        author: z.string(),
        author_directory: z.string(),
        year: nullableYear,
        favorite_count: z.number().int().min(0),
        view_count: z.number().int().min(0),
      }),
    ),
    contents: z.array(
      z.object({
        id: z.string(),
        slug: z.string(),
        title: z.string(),
        author: z.string(),
        author_directory: z.string(),
        year: nullableYear,
        snippet: z.array(SnippetSegmentSchema),
        snippet_text: z.string(),
        content: z.string().meta({ description: "The snippet again; never the whole poem." }),
        line_number: z.number().int().min(1),
      }),
    ),
    pagination: z.object({
      page: z.number().int().min(1),
      per_page: z.number().int().min(1),
      total_poets: z.number().int().nullable(),
      total_poems: z.number().int().nullable(),
      total_contents: z.number().int().nullable(),
      has_more_poets: z.boolean(),
      has_more_poems: z.boolean(),
      has_more_contents: z.boolean(),
    }),
    fuzzy: z.object({ poets: z.boolean(), poems: z.boolean(), contents: z.boolean() }),
  })
  .meta({
    id: "SearchResponse",
    description: `Totals are exact up to 1000; 1001 means "more than 1000"; null with skipCounts=true. Time periods: ${TIME_PERIODS.join(", ")}.`,
  });

/** Every JSON error: a message, and for a bad parameter the parameter's name. */
export const ErrorSchema = z
  .object({
    error: z.string(),
    parameter: z.string().optional().meta({ description: "The query or path parameter that was refused (400)." }),
    retry_after: z.number().int().optional().meta({ description: "Seconds to wait (429)." }),
  })
  .meta({ id: "Error" });

export const ViewRecordedSchema = z.object({
  recorded: z.boolean().meta({
    description: "false when this session already had the poem counted on this screen within the window.",
  }),
});

export const ReadingHistoryItemSchema = z.object({
  id: z.string(),
  viewed_at: z.string().meta({ description: "When the reader opened the poem (ISO 8601)." }),
  poem: z.object({ id: z.string(), title: z.string(), author: z.string(), year: nullableYear }),
});

export const ReadingHistorySchema = z.object({ views: z.array(ReadingHistoryItemSchema) });

export const VapidPublicKeySchema = z.object({
  vapidPublicKey: z.string().meta({ description: "The applicationServerKey to subscribe with (base64url)." }),
});

const nextDailyPoem = z
  .string()
  .nullable()
  .meta({ description: "The next daily poem's instant (ISO 8601, UTC), or null when the daily poem is off." });

export const SubscribedSchema = z.object({ subscribed: z.literal(true), next_daily_poem_at_utc: nextDailyPoem });
export const UnsubscribedSchema = z.object({ subscribed: z.literal(false) });

export const NotificationPreferencesSchema = z.object({
  daily_poem: z.boolean(),
  weekly_digest: z.boolean(),
  author_updates: z.boolean(),
  product_updates: z.boolean(),
  daily_poem_time_minutes: z.number().int().min(0).max(1439).meta({ description: "Minutes after local midnight." }),
  timezone: z.string().meta({ description: "IANA time zone name." }),
});

export const NotificationPreferencesAnswerSchema = NotificationPreferencesSchema.extend({
  next_daily_poem_at_utc: nextDailyPoem,
}).meta({ id: "NotificationPreferences" });

export const ContactSentSchema = z.object({ success: z.literal(true), message: z.string() });

/** POST /api/contact's errors carry their status too, and a 400 every refused field's message. */
export const ContactErrorSchema = z
  .object({
    error: z.string(),
    status: z.number().int(),
    parameter: z.string().optional().meta({ description: "The first refused field (400)." }),
    errors: z
      .object({ name: z.string().optional(), email: z.string().optional(), message: z.string().optional() })
      .optional()
      .meta({ description: "Each refused field's message (400)." }),
  })
  .meta({ id: "ContactError" });
