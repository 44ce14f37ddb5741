import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppDatabase, type AppProcess, createAppDatabase, startAppProcess } from "../helpers/app-process";
import { smallCorpus } from "../helpers/corpus";
import { loadFixtures, readMix, runLoad, signUpReaders } from "../helpers/load";
import { type PrivatePostgres, privatePostgresUnavailable, startPrivatePostgres } from "../helpers/private-postgres";

// The database going away under load, on a PostgreSQL cluster of this test's own (the machine's shared server
// is used by the other stages and must not be stopped).
const unavailable = await privatePostgresUnavailable();
if (unavailable) console.warn(`faults.test.ts skipped: no private PostgreSQL cluster can run here (${unavailable}).`);

const PG_PORT = 3739;
const APP_PORT = 3731;
/**
 * The longest a request may take to be refused while the database is down: below the pool's 5 s connection
 * timeout, so a request that waited one out (or hung) fails the test. The slowest measured so far, on a busy
 * 2-core machine, was about 3 s; on a quiet one it is well under that.
 */
const FAIL_FAST_MS = 4_000;

async function timed(url: string): Promise<{ status: number; ms: number; body: string; headers: Headers }> {
  const started = Date.now();
  const res = await fetch(url, { signal: AbortSignal.timeout(15_000) });
  const body = await res.text();
  return { status: res.status, ms: Date.now() - started, body, headers: res.headers };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(unavailable !== null)("the database stopping and starting again under load", () => {
  let cluster: PrivatePostgres;
  let database: AppDatabase;
  let app: AppProcess;

  beforeAll(async () => {
    cluster = await startPrivatePostgres(PG_PORT);
    database = await createAppDatabase(await smallCorpus(), { prefix: "poetry_faults", base: cluster.url });
    app = await startAppProcess({ port: APP_PORT, databaseUrl: database.url, env: { API_RATE_LIMIT: "0" } });
  });
  afterAll(async () => {
    if (app && app.child.exitCode !== null) console.error(`the app exited with ${app.child.exitCode}:\n${app.output()}`);
    await app?.stop();
    await cluster?.destroy();
  });

  it("answers 503 fast while it is down, reports it in /api/health, and recovers without a restart", async () => {
    const fixtures = await loadFixtures(database.url);
    const readers = await signUpReaders(app.url, 4, "faults");
    const load = runLoad(app.url, {
      connections: 20,
      seconds: 16,
      // Above the pool's 5 s connection timeout, so a request that waits one out is answered (and fails the
      // fail-fast check below, with its time) rather than cut off; on a busy machine a request may take
      // several seconds before the outage too.
      timeoutSeconds: 10,
      reads: readMix(fixtures),
      favorites: { weight: 2, users: readers, poemIds: fixtures.poemIds.slice(0, 10) },
    });

    await sleep(3_000);
    await cluster.stop("immediate");
    const stoppedAt = Date.now();
    await sleep(500);

    // Addresses no cache has seen, so each one needs the database.
    const health = await timed(`${app.url}/api/health`);
    expect(health.status).toBe(503);
    expect(JSON.parse(health.body)).toEqual({ status: "error", database: "unreachable" });
    expect(health.ms).toBeLessThan(FAIL_FAST_MS);

    const api = await timed(`${app.url}/api/poems/${fixtures.poemIds[0]}?outage=1`);
    expect(api.status, api.body).toBe(503);
    expect(api.headers.get("content-type")).toMatch(/json/);
    expect(api.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(api.ms).toBeLessThan(FAIL_FAST_MS);

    const page = await timed(`${app.url}/poems/${fixtures.poemIds[1]}?outage=1`);
    expect(page.status, page.body.slice(0, 500)).toBe(503);
    expect(page.headers.get("content-type")).toMatch(/html/);
    expect(page.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(page.body).toContain("The database is unavailable");
    expect(page.ms).toBeLessThan(FAIL_FAST_MS);

    // Every kind of screen and API answer says the same, whichever route it is (but the home page, which the
    // specification lets render with a poem count of 0 when its statistics fail).
    const screens = ["/authors", "/collections", "/search?q=outage", "/daily", "/popular", "/word-frequency"];
    const apis = ["/api/authors", "/api/collections", "/api/stats", "/api/search?q=outage"];
    const wrong: string[] = [];
    for (const path of [...screens, ...apis]) {
      const answer = await timed(`${app.url}${path}${path.includes("?") ? "&" : "?"}outage=1`);
      const type = apis.includes(path) ? /json/ : /html/;
      if (answer.status !== 503 || !type.test(answer.headers.get("content-type") ?? "") || answer.ms >= FAIL_FAST_MS) {
        wrong.push(`${path}: ${answer.status} ${answer.headers.get("content-type")} in ${answer.ms} ms`);
      }
    }
    expect(wrong).toEqual([]);

    await sleep(2_000);
    await cluster.start();
    const restartedAt = Date.now();
    let recoveredAt = 0;
    while (Date.now() - restartedAt < 20_000) {
      const res = await fetch(`${app.url}/api/health`);
      if (res.status === 200) {
        recoveredAt = Date.now();
        break;
      }
      await sleep(200);
    }
    expect(recoveredAt, "the app never reported the database back").toBeGreaterThan(0);
    const after = await timed(`${app.url}/poems/${fixtures.poemIds[2]}?outage=2`);
    expect(after.status).toBe(200);

    const report = await load;
    // No request hung past the client's timeout or lost its connection.
    expect(report.failures.map((f) => `${f.at - stoppedAt} ms after the stop: ${f.message}`)).toEqual([]);
    const failed = report.answers.filter((a) => a.status >= 500);
    expect(failed.filter((a) => a.status !== 503)).toEqual([]);
    expect(failed.length, "the outage was not felt at all").toBeGreaterThan(0);
    // While the database was down, every answer came quickly.
    const duringOutage = report.answers.filter((a) => a.startedAt >= stoppedAt && a.startedAt < restartedAt);
    expect(Math.max(...duringOutage.map((a) => a.ms))).toBeLessThan(FAIL_FAST_MS);
    // Once it was back, everything succeeds again, toggles included.
    const settled = await runLoad(app.url, {
      connections: 10,
      // Toggles stop 5 s before the end of a run, so this leaves 3 s of them.
      seconds: 8,
      reads: readMix(fixtures),
      favorites: { weight: 2, users: readers, poemIds: fixtures.poemIds.slice(10, 20) },
    });
    expect(settled.requests).toBeGreaterThan(0);
    expect(settled.failures).toEqual([]);
    expect(settled.answers.filter((a) => a.status !== 200)).toEqual([]);
    console.log(
      `faults: ${report.requests} requests, ${failed.length} answered 503 during the outage ` +
        `(slowest ${Math.max(...duringOutage.map((a) => a.ms))} ms), recovered ${recoveredAt - restartedAt} ms after the restart`,
    );
    expect(app.child.exitCode).toBeNull();
  });
});
