import { z } from "zod";
import { requireApiSession } from "~/server/auth/auth.server";
import { requireSameOrigin } from "~/server/auth/origin.server";
import { getDb } from "~/server/db.server";
import { apiLoader, jsonError, jsonResponse, keyParam, notFound, parseInput } from "~/server/http.server";
import { resolvePoemId } from "~/server/models/favorite.server";
import { VIEW_SOURCES } from "~/lib/view-tracking";
import { recordView } from "~/server/models/poem-view.server";
import type { Route } from "./+types/poems.view";
import { documented, documentRoute, errorDoc, FOREIGN_ORIGIN_403, SIGN_IN_401 } from "~/server/openapi/define.server";
import { ViewRecordedSchema } from "~/server/api-shapes.server";

const Body = z.object({
  poem_id: keyParam("poem_id"),
  source: z.enum(VIEW_SOURCES, { error: "source must be poem-page, random or daily" }),
});

// The browser's id: a UUID, or the spec's fallback 'session-unknown' when storage fails.
const SessionHeader = z.object({
  "X-Session-ID": z
    .string({ error: "X-Session-ID header is required" })
    .regex(/^[A-Za-z0-9_-]{1,100}$/, "X-Session-ID must be 1 to 100 letters, digits, '-' or '_'"),
});

const openapi = documentRoute("/api/poems/view", {
  post: {
    tag: "Reader",
    access: "personal",
    summary: "Records that the signed-in reader viewed a poem",
    description:
      "Counted once per browser session, poem and screen within a window: 30 minutes on the poem page, 5 seconds " +
      "on random and daily. Needs an Origin (or Referer) naming this site.",
    headers: SessionHeader,
    body: Body,
    responses: {
      200: { description: "Whether this view counted", schema: ViewRecordedSchema, example: { recorded: true } },
      400: errorDoc("A missing or malformed X-Session-ID, poem_id or source", {
        error: "source must be poem-page, random or daily",
        parameter: "source",
      }),
      401: SIGN_IN_401,
      403: FOREIGN_ORIGIN_403,
      404: errorDoc("No poem has this id or slug", { error: "No poem with id or slug 'nowhere'" }),
    },
  },
});

async function jsonBody(request: Request): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    return undefined;
  }
}

/**
 * POST /api/poems/view `{poem_id, source}` with `X-Session-ID`: records that the signed-in reader viewed a
 * poem. Answers `{recorded}`: false when the same session already had this poem counted on this screen within
 * the window (30 minutes on the poem page, 5 s on random and daily). 401 when signed out.
 *
 * It does not empty the response cache: view_count only appears in public /api poem JSON and as the popular
 * list's tie-breaker, where being up to s-maxage (5 minutes) old is harmless, while emptying every cached page
 * on each signed-in reader's view would leave anonymous readers with almost no cache at all.
 */
export const action = documented(openapi, function action({ request }: Route.ActionArgs) {
  return apiLoader(async () => {
    if (request.method !== "POST") {
      const response = jsonError(405, { error: "Method not allowed: this endpoint answers POST only" });
      response.headers.set("Allow", "POST");
      return response;
    }
    requireSameOrigin(request, "api");
    const { user, sessionId } = await requireApiSession(request);
    const { "X-Session-ID": browserSession } = parseInput(SessionHeader, {
      "X-Session-ID": request.headers.get("X-Session-ID") ?? undefined,
    });
    const body = parseInput(Body, (await jsonBody(request)) ?? {});
    const db = getDb();
    const poemId = await resolvePoemId(db, body.poem_id);
    const result = poemId
      ? await recordView(db, { userId: user.id, sessionId, browserSession, poemId, source: body.source })
      : undefined;
    if (!result) throw notFound(`No poem with id or slug '${body.poem_id}'`);
    const answer: z.infer<typeof ViewRecordedSchema> = { recorded: result.counted };
    return jsonResponse(request, answer, { cache: "no-store" });
  });
});

export function loader() {
  const response = jsonError(405, { error: "Method not allowed: this endpoint answers POST only" });
  response.headers.set("Allow", "POST");
  return response;
}
