import { redirect } from "react-router";
import { dailyPath } from "~/lib/daily-path";
import { dateParts, todayIn } from "~/lib/daily-date";
import { timeZoneFromCookieHeader } from "~/lib/reader-time-zone";
import type { Route } from "./+types/daily.index";

/** /daily: today's poem, today in the reader's time zone (UTC when the server does not know it). */
export function loader({ request }: Route.LoaderArgs) {
  const { year, month, day } = dateParts(todayIn(timeZoneFromCookieHeader(request.headers.get("Cookie"))));
  throw redirect(dailyPath(year, month, day), { headers: { "Cache-Control": "private, no-store" } });
}

export default function DailyIndex() {
  return null;
}
