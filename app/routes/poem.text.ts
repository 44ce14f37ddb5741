import { env } from "~/server/env.server";
import { getDb } from "~/server/db.server";
import { findPoem } from "~/server/models/poem.server";
import { absoluteUrl } from "~/server/site-url.server";
import { poemAsText, poemTextFileName } from "~/lib/poem-export";
import type { Route } from "./+types/poem.text";

/** GET /poems/{id}/text: the poem as a plain-text attachment (the share menu's 'Download as text'). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const poem = await findPoem(getDb(), params.poemId);
  if (!poem) return new Response("Poem not found\n", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const url = absoluteUrl(request, `/poems/${poem.slug}`);
  const text = poemAsText(poem, { siteName: env().SITE_NAME, url });
  const name = poemTextFileName(poem.title, poem.author);
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/"/g, "'");
  return new Response(text, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Content-Disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      "Cache-Control": "public, max-age=300",
    },
  });
}
