import { dateFromSegments } from "~/lib/daily-date";
import { getDb } from "~/server/db.server";
import { apiLoader, badParameter, jsonResponse, notFound, readOnlyAction } from "~/server/http.server";
import { findDailyPoem } from "~/server/models/daily.server";
import type { Route } from "./+types/daily";
import { documented, documentRoute, errorDoc } from "~/server/openapi/define.server";
import { DailyPoemSchema } from "~/server/api-shapes.server";
import { POEM_EXAMPLE } from "~/server/openapi/examples.server";
import { z } from "zod";

const DailyParams = z.object({
  year: z.string().regex(/^\d{4}$/).meta({ description: "Four digits" }),
  month: z.string().regex(/^\d{2}$/).meta({ description: "Two digits, 01 to 12" }),
  day: z.string().regex(/^\d{2}$/).meta({ description: "Two digits" }),
});

const openapi = documentRoute("/api/daily/{year}/{month}/{day}", {
  get: {
    tag: "Poems",
    access: "public",
    summary: "The poem of the day scheduled for a date",
    params: DailyParams,
    responses: {
      200: {
        description: "The poem, with its date and whether it was picked automatically",
        schema: DailyPoemSchema,
        example: { ...POEM_EXAMPLE, scheduled_date: "2026-11-23", auto_selected: true },
      },
      400: errorDoc("Not a real date written YYYY/MM/DD", {
        error: "date must be a real day written /api/daily/YYYY/MM/DD (two-digit month and day)",
        parameter: "date",
      }),
      404: errorDoc("Nothing scheduled that day", { error: "No poem scheduled for 1900-01-01" }),
    },
  },
});

/**
 * GET /api/daily/{year}/{month}/{day} (month and day two digits): the poem scheduled that day, in the shape of
 * GET /api/poems/{id} plus scheduled_date and auto_selected. 404 when nothing is scheduled, 400 for a date
 * that does not exist or is not written YYYY/MM/DD.
 */
export const loader = documented(openapi, function loader({ request, params }: Route.LoaderArgs) {
  return apiLoader(async () => {
    const date = dateFromSegments(params.year, params.month, params.day, { padded: true });
    if (!date) {
      throw badParameter("date", "date must be a real day written /api/daily/YYYY/MM/DD (two-digit month and day)");
    }
    const poem = await findDailyPoem(getDb(), date);
    if (!poem) throw notFound(`No poem scheduled for ${date}`);
    return jsonResponse(request, poem);
  });
});

export const action = readOnlyAction;
