import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createDb, type DB } from "~/server/db.server";
import { migrateToLatest } from "~/server/db/migrate.server";
import { PROJECT_ROOT } from "~/server/env.server";
import { findDailyPoem } from "~/server/models/daily.server";
import { runImport } from "../../pipeline/import";
import { runSchedule } from "../../pipeline/schedule";
import { scriptedPauseMs, speechSsml } from "../../pipeline/speech-script";
import { createTestDb, type TestDb } from "../helpers/db";
import { readMp3, wavSeconds } from "../helpers/mp3";

/**
 * `poetry audio` as a reader's maintainer runs it: a child process on a real database with a scheduled poem,
 * the real espeak-ng and lame, and the MP3 it leaves in DAILY_AUDIO_DIR read back frame by frame.
 */

const POEMS = [
  {
    title: "The Lantern",
    author: "Ada Lumen",
    lines: ["A lantern swinging in the lane,", "a moth that circles it again,", "", "and down the hill the river goes", "to where the quiet water flows."],
  },
  { title: "Winter Field", author: "Bram Frost", lines: ["White field,", "black crow,", "grey sky,", "no snow."] },
  { title: "Harbour", author: "Cora Tide", lines: ["Boats asleep", "ropes that creak", "gulls that keep", "the tide they seek"] },
];
const FROM = "2030-01-01";
const DAY = "2030-01-02";

let work: string;
let audioDir: string;
let testDb: TestDb | undefined;
let childDb: NodeJS.ProcessEnv;
let spoken: { title: string; author: string; content: string };

function poetry(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "cli/index.ts", "audio", ...args], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, ...childDb, DAILY_AUDIO_DIR: audioDir, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

const mp3 = (date: string) => path.join(audioDir, `${date}.mp3`);

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), "poetry-audio-test-"));
  audioDir = path.join(work, "audio");
  const fixture = path.join(work, "poems.json");
  writeFileSync(fixture, JSON.stringify(POEMS));
  let db: DB;
  if (process.env.DATABASE_URL) {
    testDb = await createTestDb();
    db = testDb.db;
    childDb = { DATABASE_URL: testDb.url };
  } else {
    // A PGlite folder the child process can open once this process has let go of it.
    const dir = path.join(work, "pglite");
    db = createDb({ pgliteDir: dir });
    await migrateToLatest(db);
    childDb = { DATABASE_URL: "", PGLITE_DIR: dir };
  }
  expect((await runImport(db, { paths: [fixture] })).errors).toEqual([]);
  const report = await runSchedule(db, { from: FROM, days: 3, now: new Date("2029-12-01T12:00:00Z") });
  expect(report.empty).toEqual([]);
  const poem = (await findDailyPoem(db, DAY))!;
  spoken = { title: poem.title, author: poem.author, content: poem.content ?? "" };
  if (!testDb) await db.destroy();
}, 60_000);

afterAll(async () => {
  await testDb?.destroy();
  rmSync(work, { recursive: true, force: true });
});

describe("poetry audio", () => {
  test("records the scheduled poem as a real MP3 whose length fits its text", async () => {
    const run = await poetry(["--date", DAY]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/written\s+1/);

    const bytes = readFileSync(mp3(DAY));
    const info = readMp3(bytes);
    expect(info.id3v2).toBe(true);
    // lame's ID3 tag carries the title and the poet (UTF-16 text frames).
    const tag = bytes.subarray(0, 400);
    expect(tag.includes(Buffer.from(spoken.title, "utf16le"))).toBe(true);
    expect(tag.includes(Buffer.from(spoken.author, "utf16le"))).toBe(true);

    // Words spoken at 150 a minute (espeak-ng may run a little faster or slower) plus the scripted pauses.
    const words = speechSsml(spoken).replace(/<[^>]+>/g, " ").split(/\s+/).filter(Boolean).length;
    const pauses = scriptedPauseMs(spoken) / 1000;
    const speech = (words / 150) * 60;
    expect(info.durationSeconds).toBeGreaterThan(pauses + speech * 0.5);
    expect(info.durationSeconds).toBeLessThan(pauses + speech * 2 + 2);

    // A decoder agrees: lame --decode gives back PCM of the same length.
    const wav = path.join(work, "decoded.wav");
    await new Promise<void>((resolve, reject) => {
      const child = spawn("lame", ["--quiet", "--decode", mp3(DAY), wav]);
      child.on("error", reject);
      child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`lame --decode exit ${code}`))));
    });
    expect(Math.abs(wavSeconds(readFileSync(wav)) - info.durationSeconds)).toBeLessThan(0.2);
  });

  test("a second run keeps the file; --force records it again; a range records only what is missing and names unscheduled days", async () => {
    const before = statSync(mp3(DAY));
    const again = await poetry(["--date", DAY]);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/written\s+0/);
    expect(again.stdout).toMatch(/already there\s+1/);
    expect(statSync(mp3(DAY)).mtimeMs).toBe(before.mtimeMs);

    await new Promise((r) => setTimeout(r, 20));
    const forced = await poetry(["--date", DAY, "--force"]);
    expect(forced.code).toBe(0);
    expect(forced.stdout).toMatch(/written\s+1/);
    expect(statSync(mp3(DAY)).mtimeMs).toBeGreaterThan(before.mtimeMs);
    expect(readMp3(readFileSync(mp3(DAY))).frames).toBeGreaterThan(10);

    // 2030-01-04 has no poem: reported, and the exit code says so.
    const range = await poetry(["--from", FROM, "--days", "4"]);
    expect(range.code).toBe(1);
    expect(range.stdout).toMatch(/written\s+2/);
    expect(range.stdout).toMatch(/already there\s+1/);
    expect(range.stdout).toMatch(/no poem scheduled\s+1: 2030-01-04/);
    // Piped output: plain progress lines, not a terminal bar.
    expect(range.stderr).toContain("recordings: 4/4");
    for (const date of ["2030-01-01", "2030-01-03"]) expect(readMp3(readFileSync(mp3(date))).durationSeconds).toBeGreaterThan(3);
    // No temporary files are left beside them.
    expect(readdir(audioDir)).toEqual(["2030-01-01.mp3", "2030-01-02.mp3", "2030-01-03.mp3"]);
  });

  test("without espeak-ng or lame: a message naming the Debian package, exit code 1, no stack trace", async () => {
    // node itself stays reachable; the folders holding espeak-ng and lame do not.
    const nodeOnly = path.join(work, "bin");
    rmSync(nodeOnly, { recursive: true, force: true });
    mkdirSync(nodeOnly);
    symlinkSync(process.execPath, path.join(nodeOnly, "node"));
    const run = await poetry(["--date", DAY, "--force"], { PATH: nodeOnly });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/espeak-ng \(the speech engine\) and lame \(the MP3 encoder\) not found/);
    expect(run.stderr).toContain("sudo apt-get install espeak-ng lame");
    expect(run.stderr).not.toMatch(/\n\s+at /);
    // The file from before is untouched.
    expect(readMp3(readFileSync(mp3(DAY))).frames).toBeGreaterThan(10);
  });

  test("bad options are usage errors naming the option", async () => {
    const both = await poetry(["--date", DAY, "--from", FROM]);
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/either --date, or --from/);
  });
});

const readdir = (dir: string) => readdirSync(dir).sort();
