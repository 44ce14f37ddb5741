// `npm run bench -- load`: 100 connections for 60 s on the site's mix (pages, API reads, searches, signed-in
// favorite toggles) against the built server on PostgreSQL with the full corpus; then the favorite counts.
import { checkFavoriteCounts, loadFixtures, readMix, runLoad, signUpReaders, TOGGLE, wrongCounts } from "../tests/helpers/load";
import { appendResults, markdownTable } from "./results";
import { startBenchServer } from "./server";

export async function benchLoad(
  seconds = Number(process.env.BENCH_LOAD_SECONDS ?? 60),
  connections = Number(process.env.BENCH_LOAD_CONNECTIONS ?? 100),
): Promise<string> {
  const server = await startBenchServer();
  try {
    const fixtures = await loadFixtures(server.databaseUrl);
    // The sign-up limit allows 10 new accounts per network and hour.
    const readers = await signUpReaders(server.url, 10, "bench");
    const report = await runLoad(server.url, {
      connections,
      seconds,
      reads: readMix(fixtures),
      favorites: { weight: 2, users: readers, poemIds: fixtures.poemIds.slice(0, 50) },
    });
    const { checks, askedPairs } = await checkFavoriteCounts(server.url, server.databaseUrl, report);
    const rows = Object.entries(report.byKind).map(([kind, k]) => [
      kind,
      k.count.toLocaleString("en"),
      Object.entries(k.statuses)
        .map(([status, n]) => `${status}: ${n}`)
        .join(", "),
      `${k.p50} ms`,
      `${k.p99} ms`,
    ]);
    rows.push([
      "**all**",
      report.requests.toLocaleString("en"),
      `${Math.round(report.rps).toLocaleString("en")} req/s`,
      `${report.p50} ms`,
      `${report.p99} ms`,
    ]);
    const wrong = wrongCounts(checks);
    const verdict =
      `5xx: ${report.serverErrors}, connection errors and timeouts: ${report.errors}; favorite counts of ` +
      `${checks.length} toggled poems (API, poems.favorite_count, favorites rows) ` +
      `${wrong.length === 0 ? "exact" : `WRONG for ${wrong.length}`}` +
      ` after ${report.byKind[TOGGLE]?.count ?? 0} answered toggles by ${readers.length} readers` +
      (askedPairs > 0 ? ` (${askedPairs} reader-poem pairs whose last toggle went unanswered were asked).` : ".");
    console.log(verdict);
    return appendResults(
      `Mixed load on the built server (\`npm run bench -- load\`), PostgreSQL, full corpus, ${connections} connections × ${seconds} s`,
      `${markdownTable(["request", "count", "statuses", "p50", "p99"], rows)}\n\n${verdict}`,
    );
  } finally {
    await server.stop();
  }
}
