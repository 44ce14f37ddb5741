import type { DB } from "~/server/db.server";

/** A few poets and poems written straight into the database: enough for accounts and favorites tests. */
export async function seedPoems(db: DB, count = 6): Promise<{ id: string; slug: string; title: string; author: string }[]> {
  const poets = await db
    .insertInto("poets")
    .values([
      { directory: "emily-dickinson", name: "Emily Dickinson", sort_name: "Dickinson, Emily", meta_data: "{}", content_hash: "p1" },
      { directory: "john-keats", name: "John Keats", sort_name: "Keats, John", meta_data: "{}", content_hash: "p2" },
    ])
    .returning(["id", "name"])
    .execute();
  const titles = ["Hope is the thing with feathers", "To Autumn", "Because I could not stop for Death", "Ode to a Nightingale", "A Bird came down the Walk", "Bright Star", "I heard a Fly buzz", "Endymion"];
  const rows = Array.from({ length: count }, (_, i) => {
    const poet = poets[i % 2];
    const title = titles[i % titles.length] + (i >= titles.length ? ` ${i}` : "");
    return {
      id: `poem${String(i).padStart(8, "0")}`,
      slug: `${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${i}`,
      title,
      poet_id: poet.id,
      year: i % 3 === 0 ? null : 1800 + i * 10,
      content: `Line one of ${title}\nLine two`,
      line_count: 2,
      flags: "[]",
      content_hash: `h${i}`,
      rights: "pd" as const,
    };
  });
  await db.insertInto("poems").values(rows).execute();
  return rows.map((r, i) => ({ id: r.id, slug: r.slug, title: r.title, author: poets[i % 2].name }));
}

export interface Answer {
  status: number;
  headers: Headers;
  /** JSON or data() payload; a string for text bodies; null when empty. */
  body: any;
  location: string | null;
}

/** Runs a route module's loader or action as React Router would, whether it returns or throws. */
export async function run(
  fn: (args: any) => unknown,
  request: Request,
  params: Record<string, string> = {},
  context: Record<string, unknown> = {},
): Promise<Answer> {
  let result: unknown;
  try {
    result = await fn({ request, params, context });
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) {
    const text = await result.text();
    let body: unknown = text || null;
    if (text && result.headers.get("Content-Type")?.includes("json")) body = JSON.parse(text);
    return { status: result.status, headers: result.headers, body, location: result.headers.get("Location") };
  }
  if (result && typeof result === "object" && (result as { type?: string }).type === "DataWithResponseInit") {
    const { data, init } = result as { data: unknown; init?: ResponseInit | null };
    return { status: init?.status ?? 200, headers: new Headers(init?.headers), body: data, location: null };
  }
  if (result instanceof Error) throw result;
  return { status: 200, headers: new Headers(), body: result, location: null };
}

export const ORIGIN = "http://localhost:3000";

/** A browser-like form POST from this site's own pages. */
export function formPost(path: string, fields: Record<string, string>, headers: Record<string, string> = {}): Request {
  return new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { Origin: ORIGIN, ...headers },
    body: new URLSearchParams(fields),
  });
}

export function get(path: string, headers: Record<string, string> = {}): Request {
  return new Request(`${ORIGIN}${path}`, { headers });
}

/** The `name=value` part of a Set-Cookie header, to send back as a Cookie header. */
export function cookieOf(answer: Answer): string {
  const header = answer.headers.get("Set-Cookie");
  if (!header) throw new Error(`no Set-Cookie in the answer (status ${answer.status})`);
  return header.split(";")[0];
}
