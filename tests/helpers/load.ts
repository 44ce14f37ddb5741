// A mixed HTTP load on a built server (autocannon): pages, API reads, searches and signed-in favorite toggles,
// every answer recorded by kind; afterwards the favorite counts are checked against what the toggles that
// succeeded must have left. Used by tests/system/load.test.ts, tests/system/faults.test.ts and `npm run bench -- load`.
import autocannon from "autocannon";
import pg from "pg";
import { signUpOverHttp } from "./app-process";

/** Paths of one kind of read, cycled through so caches see a realistic spread of keys. */
export interface ReadKind {
  kind: string;
  weight: number;
  paths: string[];
}

export interface FavoriteLoad {
  weight: number;
  /** Cookie headers of signed-in readers, each starting with no favorites. */
  users: string[];
  poemIds: string[];
}

export interface LoadOptions {
  connections: number;
  seconds: number;
  reads: ReadKind[];
  favorites?: FavoriteLoad;
  /** Per-request timeout (autocannon's, in seconds): a request slower than this counts as an error. */
  timeoutSeconds?: number;
}

export interface KindReport {
  count: number;
  statuses: Record<number, number>;
  p50: number;
  p99: number;
  max: number;
}

export interface LoadReport {
  seconds: number;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  /** Connection errors and timeouts (no HTTP answer at all). */
  errors: number;
  /** Each of those errors: when, and what. */
  failures: { at: number; message: string }[];
  serverErrors: number;
  byKind: Record<string, KindReport>;
  /** Every answered request, in order of its answer: what a fault test looks at around the outage. */
  answers: { kind: string; status: number; startedAt: number; ms: number }[];
  /** "user|poem" -> favorited after the toggles that were answered 200 (the readers started with none). */
  favoriteState: Map<string, boolean>;
  /** Toggles sent whose outcome is unknown (no answer): counts cannot be predicted for their pairs. */
  unknownToggles: Set<string>;
  poemIds: string[];
  /** The readers' Cookie headers, by index. */
  users: string[];
}

export const TOGGLE = "POST /api/poems/{id}/favorite";

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

interface Pending {
  kind: string;
  startedAt: number;
  pair?: string;
}

/**
 * Runs the mix on `connections` connections for `seconds`. Each (reader, poem) pair is toggled by one request
 * at a time, so every 200 flips it exactly once; toggles stop a few seconds before the end so none is left
 * unanswered when the run stops.
 */
export async function runLoad(url: string, options: LoadOptions): Promise<LoadReport> {
  const { reads, favorites } = options;
  const slots: string[] = [];
  for (const r of reads) for (let i = 0; i < r.weight; i++) slots.push(r.kind);
  if (favorites) for (let i = 0; i < favorites.weight; i++) slots.push(TOGGLE);
  const readsByKind = new Map(reads.map((r) => [r.kind, r]));
  const cursor = new Map<string, number>();
  const nextPath = (r: ReadKind) => {
    const i = cursor.get(r.kind) ?? 0;
    cursor.set(r.kind, i + 1);
    return r.paths[i % r.paths.length];
  };
  const free: string[] = [];
  if (favorites) {
    for (let u = 0; u < favorites.users.length; u++) for (const id of favorites.poemIds) free.push(`${u}|${id}`);
  }
  const favoriteState = new Map<string, boolean>();
  const unknownToggles = new Set<string>();
  const tainted = new Set<string>();
  const durations = new Map<string, number[]>();
  const statuses = new Map<string, Record<number, number>>();
  const answers: LoadReport["answers"] = [];
  const started = Date.now();
  const toggleUntil = started + Math.max(0, options.seconds - 5) * 1000;
  let slot = 0;

  const failures: LoadReport["failures"] = [];
  const cannon: autocannon.Options = {
    url,
    connections: options.connections,
    duration: options.seconds,
    timeout: options.timeoutSeconds ?? 10,
    headers: { "accept-encoding": "gzip, br" },
    requests: [
      {
        setupRequest: (req, context) => {
          const c = context as Pending;
          let kind = slots[slot++ % slots.length];
          if (kind === TOGGLE && (free.length === 0 || Date.now() > toggleUntil)) kind = reads[slot % reads.length].kind;
          c.kind = kind;
          c.startedAt = Date.now();
          if (kind !== TOGGLE) {
            c.pair = undefined;
            return { ...req, method: "GET", path: nextPath(readsByKind.get(kind)!), headers: req.headers };
          }
          // Take a pair nobody is toggling now (the front of the free list spreads readers and poems).
          const pair = free.shift()!;
          c.pair = pair;
          unknownToggles.add(pair);
          const [user, poemId] = pair.split("|");
          return {
            ...req,
            method: "POST",
            path: `/api/poems/${poemId}/favorite`,
            headers: { ...req.headers, cookie: favorites!.users[Number(user)], origin: url },
          };
        },
        onResponse: (status, _body, context) => {
          const c = context as Pending;
          const pair = c.pair;
          c.pair = undefined;
          // autocannon reports a request it gave up on (a timeout) without a status; it may send it again, so
          // a toggle's outcome is unknown from then on: that pair is set aside, to be asked at the end.
          if (typeof status !== "number") {
            if (pair) tainted.add(pair);
            return;
          }
          const ms = Date.now() - c.startedAt;
          answers.push({ kind: c.kind, status, startedAt: c.startedAt, ms });
          if (!durations.has(c.kind)) durations.set(c.kind, []);
          durations.get(c.kind)!.push(ms);
          const counts = statuses.get(c.kind) ?? {};
          counts[status] = (counts[status] ?? 0) + 1;
          statuses.set(c.kind, counts);
          // An answer makes the outcome known: 200 flipped it; a 4xx or a 503 did not. A 500 might have.
          if (pair && status >= 500 && status !== 503) tainted.add(pair);
          if (pair && !tainted.has(pair)) {
            if (status === 200) favoriteState.set(pair, !(favoriteState.get(pair) ?? false));
            unknownToggles.delete(pair);
            // Back at a random place, not the end: a strict round robin toggles every pair equally often,
            // and with an even count for each (576 toggles of 96 pairs, seen in CI) no poem keeps a favorite,
            // leaving the count check nothing to count.
            free.splice(Math.floor(Math.random() * (free.length + 1)), 0, pair);
          }
        },
      },
    ],
  };
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(cannon, (error, done) => (error ? reject(error) : resolve(done)));
    instance.on("reqError", (error: Error) => failures.push({ at: Date.now(), message: error.message }));
  });

  const byKind: Record<string, KindReport> = {};
  for (const [kind, list] of durations) {
    const sorted = [...list].sort((a, b) => a - b);
    byKind[kind] = {
      count: list.length,
      statuses: statuses.get(kind) ?? {},
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      max: sorted.at(-1) ?? 0,
    };
  }
  const serverErrors = answers.filter((a) => a.status >= 500).length;
  return {
    seconds: options.seconds,
    requests: answers.length,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    failures,
    serverErrors,
    byKind,
    answers,
    favoriteState,
    unknownToggles,
    poemIds: favorites?.poemIds ?? [],
    users: favorites?.users ?? [],
  };
}

/** Real keys from the database, in a fixed pseudo-random order so runs compare. */
export async function loadFixtures(
  databaseUrl: string,
  { poems = 500, poets = 200, queries = 100 }: { poems?: number; poets?: number; queries?: number } = {},
): Promise<{ poemIds: string[]; poetDirectories: string[]; queries: string[]; catalogPages: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const ids = await client.query<{ id: string }>("select id from poems order by md5(id) limit $1", [poems]);
    const dirs = await client.query<{ directory: string }>(
      "select directory from poets where poem_count > 0 order by md5(directory) limit $1",
      [poets],
    );
    // Words from titles: searches that find something, of varied cost.
    const words = await client.query<{ word: string }>(
      `select distinct lower(w) as word from poems, regexp_split_to_table(title, '[^[:alpha:]]+') as w
       where length(w) >= 4 order by 1 limit 2000`,
    );
    const pool = words.rows.map((r) => r.word);
    const step = Math.max(1, Math.floor(pool.length / queries));
    const picked = pool.filter((_, i) => i % step === 0).slice(0, queries);
    const total = await client.query<{ n: number }>("select count(*)::int as n from poems");
    return {
      poemIds: ids.rows.map((r) => r.id),
      poetDirectories: dirs.rows.map((r) => r.directory),
      queries: picked,
      catalogPages: Math.max(1, Math.min(50, Math.floor(total.rows[0].n / 20))),
    };
  } finally {
    await client.end();
  }
}

/** The site's mix of reads over those keys. */
export function readMix(f: Awaited<ReturnType<typeof loadFixtures>>): ReadKind[] {
  return [
    { kind: "GET /poems/{id}", weight: 3, paths: f.poemIds.map((id) => `/poems/${id}`) },
    { kind: "GET /authors/{directory}", weight: 1, paths: f.poetDirectories.map((d) => `/authors/${d}`) },
    { kind: "GET /poems?page=N", weight: 1, paths: Array.from({ length: f.catalogPages }, (_, n) => `/poems?page=${n + 1}`) },
    { kind: "GET /api/poems/{id}", weight: 2, paths: f.poemIds.map((id) => `/api/poems/${id}`) },
    { kind: "GET /api/search?q=…", weight: 2, paths: f.queries.map((q) => `/api/search?q=${encodeURIComponent(q)}`) },
  ];
}

/** Signs `count` new readers up through the real form; resolves with each one's session Cookie header. */
export async function signUpReaders(url: string, count: number, prefix = "load"): Promise<string[]> {
  const cookies: string[] = [];
  for (let i = 0; i < count; i++) {
    cookies.push(await signUpOverHttp(url, { firstName: `Reader ${i}`, email: `${prefix}-${i}-${Date.now()}@example.org` }));
  }
  return cookies;
}

export interface CountCheck {
  poemId: string;
  expected: number;
  api: number;
  column: number;
  rows: number;
}

/**
 * Each toggled poem's favorite count, from the API, the poems.favorite_count column and the favorites rows,
 * beside the count the answered toggles predict. A pair whose last toggle went unanswered (still in flight
 * when the run stopped, or timed out) has an unknown outcome: its reader is asked (after `settleMs`, so the
 * server has finished it), and the counts must then agree with the readers' own lists.
 */
export async function checkFavoriteCounts(
  url: string,
  databaseUrl: string,
  report: LoadReport,
  settleMs = 2_000,
): Promise<{ checks: CountCheck[]; askedPairs: number }> {
  const state = new Map(report.favoriteState);
  if (report.unknownToggles.size > 0) {
    await new Promise((r) => setTimeout(r, settleMs));
    for (const pair of report.unknownToggles) {
      const [user, poemId] = pair.split("|");
      const res = await fetch(`${url}/api/poems/${poemId}/favorite/status`, { headers: { cookie: report.users[Number(user)] } });
      if (res.status !== 200) throw new Error(`favorite status of ${pair} answered ${res.status}`);
      state.set(pair, ((await res.json()) as { is_favorited: boolean }).is_favorited);
    }
  }
  const expected = new Map(report.poemIds.map((id) => [id, 0]));
  for (const [pair, favorited] of state) {
    if (favorited) {
      const poemId = pair.slice(pair.indexOf("|") + 1);
      expected.set(poemId, (expected.get(poemId) ?? 0) + 1);
    }
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const checks: CountCheck[] = [];
    for (const [poemId, count] of expected) {
      const res = await fetch(`${url}/api/poems/${poemId}`);
      const body = (await res.json()) as { favorite_count: number };
      const { rows } = await client.query<{ column: number; rows: number }>(
        `select favorite_count as column, (select count(*)::int from favorites where poem_id = $1) as rows
         from poems where id = $1`,
        [poemId],
      );
      checks.push({ poemId, expected: count, api: body.favorite_count, column: rows[0].column, rows: rows[0].rows });
    }
    return { checks, askedPairs: report.unknownToggles.size };
  } finally {
    await client.end();
  }
}

/** The checks where the API, the column or the rows differ from the expected count. */
export const wrongCounts = (checks: CountCheck[]) =>
  checks.filter((c) => c.api !== c.expected || c.column !== c.expected || c.rows !== c.expected);
