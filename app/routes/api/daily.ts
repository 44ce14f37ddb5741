import { dateFromSegments } from "~/lib/daily-date";
import { getDb } from "~/server/db.server";
import { apiLoader, badParameter, jsonResponse, notFound, readOnlyAction } from "~/server/http.server";
import { findDailyPoem } from "~/server/models/daily.server";
import type { Route } from "./+types/daily";

/**
 * GET /api/daily/{year}/{month}/{day} (month and day two digits): the poem scheduled that day, in the shape of
 * GET /api/poems/{id} plus scheduled_date and auto_selected. 404 when nothing is scheduled, 400 for a date
 * that does not exist or is not written YYYY/MM/DD.
 */
export function loader({ request, params }: Route.LoaderArgs) {
  return apiLoader(async () => {
    const date = dateFromSegments(params.year, params.month, params.day, { padded: true });
    if (!date) {
      throw badParameter("date", "date must be a real day written /api/daily/YYYY/MM/DD (two-digit month and day)");
    }
    const poem = await findDailyPoem(getDb(), date);
    if (!poem) throw notFound(`No poem scheduled for ${date}`);
    return jsonResponse(request, poem);
  });
}

export const action = readOnlyAction;
