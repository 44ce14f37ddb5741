import { z } from "zod";
import { getDb } from "~/server/db.server";
import { apiLoader, jsonResponse, notFound, parseQuery, readOnlyAction } from "~/server/http.server";
import { DEFAULT_WORD_FREQUENCY_LIMIT, WORD_FREQUENCY_LIMITS } from "~/lib/word-frequency";
import { findWordFrequencyPoet, topWords, WHOLE_CORPUS_SCOPE } from "~/server/models/word-frequency.server";
import type { Route } from "./+types/word-frequency";
import { documented, documentRoute, errorDoc } from "~/server/openapi/define.server";
import { WordFrequencySchema } from "~/server/api-shapes.server";

const LIMIT_MESSAGE = `limit must be one of ${WORD_FREQUENCY_LIMITS.join(", ")}`;
const EXCLUDE_MESSAGE = "excludeCommon must be true or false";
const POET_MESSAGE = "poet_id must be at most 200 characters";

const WordFrequencyQuery = z.object({
  poet_id: z
    .string({ error: POET_MESSAGE })
    .trim()
    .max(200, POET_MESSAGE)
    .optional()
    .transform((v) => v || undefined),
  limit: z
    .string({ error: LIMIT_MESSAGE })
    .trim()
    .refine((v) => (WORD_FREQUENCY_LIMITS as readonly number[]).includes(Number(v)) && /^\d+$/.test(v), LIMIT_MESSAGE)
    .transform(Number)
    .optional()
    .default(DEFAULT_WORD_FREQUENCY_LIMIT),
  excludeCommon: z
    .string({ error: EXCLUDE_MESSAGE })
    .trim()
    .toLowerCase()
    .pipe(z.enum(["true", "false", "1", "0", ""], { error: EXCLUDE_MESSAGE }))
    .transform((v) => v !== "false" && v !== "0")
    .optional()
    .default(true),
});

const openapi = documentRoute("/api/word-frequency", {
  get: {
    tag: "Poets",
    access: "public",
    summary: "The most frequent words of one poet or of all poems",
    query: WordFrequencyQuery,
    responses: {
      200: {
        description: "Words, most frequent first",
        schema: z.array(WordFrequencySchema),
        example: [
          { word: "love", frequency: 812 },
          { word: "heart", frequency: 640 },
        ],
      },
      400: errorDoc("A bad parameter", { error: "limit must be one of 25, 50, 75, 100", parameter: "limit" }),
      404: errorDoc("No poet with this id", { error: "No poet with id 'nobody'" }),
    },
  },
});

/**
 * GET /api/word-frequency?poet_id&limit&excludeCommon: the most frequent words of one poet (poet_id is its
 * directory) or of all poems (poet_id empty), from the counts `poetry wordfreq` keeps: [{word, frequency}].
 */
export const loader = documented(openapi, function loader({ request }: Route.LoaderArgs) {
  return apiLoader(async () => {
    const query = parseQuery(request, WordFrequencyQuery);
    const db = getDb();
    let scope = WHOLE_CORPUS_SCOPE;
    if (query.poet_id) {
      const poet = await findWordFrequencyPoet(db, query.poet_id);
      if (!poet) throw notFound(`No poet with id '${query.poet_id}'`);
      scope = poet.id;
    }
    const words = await topWords(db, { scope, limit: query.limit, excludeCommon: query.excludeCommon });
    return jsonResponse(request, words);
  });
});

export const action = readOnlyAction;
