#!/usr/bin/env node
// `npm test`: every test stage in order, stopping at the first failure, then one summary line
// `N passed, M failed` (the counts of all stages that ran) and a non-zero exit code if anything failed.
//
//   1. unit tests                     vitest run --project unit
//   2. integration tests on PGlite    vitest run --project integration, DATABASE_URL removed
//   3. integration tests on PostgreSQL  the same with DATABASE_URL, only when it is set
//   4. build                          react-router build
//   5. system tests                   vitest run --project system (built server processes, Redis, nginx), with DATABASE_URL
//   6. end-to-end tests               playwright test (DATABASE_URL passed through as set)

import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
const BIN = path.join(ROOT, "node_modules", ".bin");
const reports = mkdtempSync(path.join(os.tmpdir(), "poetry-test-reports-"));

const withoutDatabaseUrl = { ...process.env };
delete withoutDatabaseUrl.DATABASE_URL;

function vitestStage(title, project, env, report) {
  return {
    title,
    command: path.join(BIN, "vitest"),
    args: [
      "run",
      "--project",
      project,
      "--passWithNoTests",
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${report}`,
    ],
    env,
    count: () => {
      const json = JSON.parse(readFileSync(report, "utf8"));
      return { passed: json.numPassedTests, failed: json.numFailedTests, skipped: json.numPendingTests + json.numTodoTests };
    },
  };
}

const stages = [
  vitestStage("Unit tests", "unit", process.env, path.join(reports, "unit.json")),
  vitestStage(
    "Integration tests on PGlite",
    "integration",
    withoutDatabaseUrl,
    path.join(reports, "integration-pglite.json"),
  ),
];
if (process.env.DATABASE_URL) {
  const where = new URL(process.env.DATABASE_URL);
  stages.push(
    vitestStage(
      `Integration tests on PostgreSQL (${where.host})`,
      "integration",
      process.env,
      path.join(reports, "integration-postgres.json"),
    ),
  );
}
stages.push({ title: "Build (react-router build)", command: path.join(BIN, "react-router"), args: ["build"], env: process.env });
// Several built-server processes over one PostgreSQL (and Redis, nginx): they need a server, not PGlite.
if (process.env.DATABASE_URL) {
  stages.push(vitestStage("System tests: built server processes on PostgreSQL (with Redis and nginx)", "system", process.env, path.join(reports, "system.json")));
} else {
  process.stdout.write("DATABASE_URL is not set: the system tests (built server processes on PostgreSQL) are skipped.\n");
}
const e2eReport = path.join(reports, "e2e.json");
stages.push({
  title: `End-to-end tests in Chromium (${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"})`,
  command: path.join(BIN, "playwright"),
  args: ["test", "--reporter=list,json"],
  env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_FILE: e2eReport },
  count: () => {
    const { stats } = JSON.parse(readFileSync(e2eReport, "utf8"));
    return { passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped, flaky: stats.flaky };
  },
});

function run(stage) {
  return new Promise((resolve) => {
    const child = spawn(stage.command, stage.args, { cwd: ROOT, env: stage.env, stdio: "inherit" });
    child.once("error", (error) => {
      process.stderr.write(`Could not start ${stage.command}: ${error.message}\n`);
      resolve(1);
    });
    child.once("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const totals = { passed: 0, failed: 0, skipped: 0, flaky: 0 };
let ok = true;
for (const [index, stage] of stages.entries()) {
  const header = `[${index + 1}/${stages.length}] ${stage.title}`;
  process.stdout.write(`\n${"=".repeat(header.length)}\n${header}\n${"=".repeat(header.length)}\n`);
  const started = Date.now();
  const code = await run(stage);
  let counted = { passed: 0, failed: 0, skipped: 0 };
  if (stage.count) {
    try {
      counted = stage.count();
    } catch {
      // No report: the runner died before writing one; the exit code below still counts it as a failure.
    }
  }
  totals.passed += counted.passed;
  totals.failed += counted.failed;
  totals.skipped += counted.skipped;
  totals.flaky += counted.flaky ?? 0;
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (code !== 0) {
    // A stage that failed without a failing test (a crash, a build error) still counts as one failure.
    if (counted.failed === 0) totals.failed += 1;
    process.stdout.write(`\n${stage.title}: FAILED (exit code ${code}, ${seconds} s); stopping here.\n`);
    ok = false;
    break;
  }
  process.stdout.write(`\n${stage.title}: ok (${seconds} s)\n`);
}

if (existsSync(reports)) rmSync(reports, { recursive: true, force: true });
if (totals.skipped > 0) process.stdout.write(`\n(${totals.skipped} skipped)\n`);
// Passed on their retry (CI only): counted as passed, named here so they are looked into, not forgotten.
if (totals.flaky > 0) process.stdout.write(`\n(${totals.flaky} flaky: failed once, passed on retry; see "flaky" in the end-to-end list)\n`);
process.stdout.write(`\n${totals.passed} passed, ${totals.failed} failed\n`);
process.exitCode = ok && totals.failed === 0 ? 0 : 1;
