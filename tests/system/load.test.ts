import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppDatabase, type AppProcess, createAppDatabase, startAppProcess } from "../helpers/app-process";
import { smallCorpus } from "../helpers/corpus";
import { checkFavoriteCounts, loadFixtures, readMix, runLoad, signUpReaders, TOGGLE, wrongCounts } from "../helpers/load";

// 100 connections on a mix of pages, API reads, searches and signed-in favorite toggles: nothing may fail,
// and every poem's favorite count must come out exactly as the answered toggles say.
describe("a built server under load", () => {
  let database: AppDatabase;
  let app: AppProcess;

  beforeAll(async () => {
    database = await createAppDatabase(await smallCorpus(), { prefix: "poetry_load" });
    // The per-client /api limit would answer 429s to a load that comes from one address.
    app = await startAppProcess({ port: 3733, databaseUrl: database.url, env: { API_RATE_LIMIT: "0" } });
  });
  afterAll(async () => {
    await app?.stop();
    await database?.drop();
  });

  it("answers every request of 100 connections for 15 s without an error, and counts favorites exactly", async () => {
    const fixtures = await loadFixtures(database.url);
    const readers = await signUpReaders(app.url, 8);
    const report = await runLoad(app.url, {
      connections: 100,
      seconds: 15,
      // Generous: the machine running the tests is often shared; a request that never answers still fails.
      timeoutSeconds: 30,
      reads: readMix(fixtures),
      favorites: { weight: 3, users: readers, poemIds: fixtures.poemIds.slice(0, 12) },
    });
    const summary = Object.entries(report.byKind).map(([kind, k]) => `${kind}: ${k.count} ${JSON.stringify(k.statuses)} p99 ${k.p99} ms`);
    console.log(`load: ${report.requests} requests, ${Math.round(report.rps)} req/s, p50 ${report.p50} ms, p99 ${report.p99} ms\n${summary.join("\n")}`);

    expect(report.failures).toEqual([]);
    expect(report.serverErrors).toBe(0);
    for (const [kind, k] of Object.entries(report.byKind)) expect(Object.keys(k.statuses), kind).toEqual(["200"]);
    // How many of each kind get answered depends on the machine (a busy shared one manages a few per second).
    expect(report.byKind[TOGGLE]?.count ?? 0).toBeGreaterThan(0);

    // A toggle still in flight when the run stopped (a busy machine) has its outcome asked of its reader.
    const { checks, askedPairs } = await checkFavoriteCounts(app.url, database.url, report);
    console.log(`favorite counts of ${checks.length} poems checked; ${askedPairs} pairs asked`);
    expect(wrongCounts(checks)).toEqual([]);
    expect(checks.some((c) => c.expected > 0)).toBe(true);
    expect(app.child.exitCode).toBeNull();
  });
});
