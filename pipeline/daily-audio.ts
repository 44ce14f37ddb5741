import { spawn } from "node:child_process";
import { accessSync, constants, existsSync } from "node:fs";
import { mkdir, mkdtemp, rename, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { IsoDate } from "~/lib/daily-date";
import { dailyAudioFile } from "~/server/daily-audio.server";
import type { DB } from "~/server/db.server";
import { findDailyPoem } from "~/server/models/daily.server";
import { type SpokenPoem, speechSsml } from "./speech-script";

/**
 * Renders a poem to an MP3 file: espeak-ng speaks the SSML script into a WAV file, lame encodes it. The MP3 is
 * written beside its final name and renamed into place, so a reader never gets a half-written file.
 */

/** The programs used, each with the Debian package that provides it. */
export const AUDIO_TOOLS = [
  { program: "espeak-ng", package: "espeak-ng", role: "speech engine" },
  { program: "lame", package: "lame", role: "MP3 encoder" },
] as const;

export class MissingToolError extends Error {}

function onPath(program: string, searchPath: string): boolean {
  return searchPath
    .split(path.delimiter)
    .filter(Boolean)
    .some((dir) => {
      try {
        accessSync(path.join(dir, program), constants.X_OK);
        return true;
      } catch {
        return false;
      }
    });
}

/** Throws a MissingToolError naming the Debian package of every program not found on PATH. */
export function checkAudioTools(searchPath = process.env.PATH ?? ""): void {
  const missing = AUDIO_TOOLS.filter((tool) => !onPath(tool.program, searchPath));
  if (missing.length === 0) return;
  const names = missing.map((t) => `${t.program} (the ${t.role})`).join(" and ");
  const packages = missing.map((t) => t.package).join(" ");
  throw new MissingToolError(
    `${names} not found on PATH. Install Debian's ${missing.length > 1 ? "packages" : "package"} ${packages}: sudo apt-get install ${packages}`,
  );
}

function run(program: string, args: string[], input?: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: [input === undefined ? "ignore" : "pipe", "ignore", "pipe"] });
    let stderr = "";
    child.stderr!.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once("error", (error: NodeJS.ErrnoException) => {
      reject(error.code === "ENOENT" ? new MissingToolError(`${program} not found: sudo apt-get install ${program}`) : error);
    });
    child.once("exit", (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${program} failed (${signal ?? `exit code ${code}`}): ${stderr.trim().split("\n").at(-1) ?? ""}`));
    });
    if (input !== undefined) child.stdin!.end(input);
  });
}

export interface RenderOptions {
  /** espeak-ng voice; American English by default. */
  voice?: string;
  /** Words per minute (espeak-ng's default is 175; a poem reads better a little slower). */
  wordsPerMinute?: number;
}

/** Speaks `poem` into `outFile` (an MP3 with ID3 title and artist), replacing it atomically. */
export async function renderPoemAudio(poem: SpokenPoem, outFile: string, options: RenderOptions = {}): Promise<void> {
  await mkdir(path.dirname(outFile), { recursive: true });
  const work = await mkdtemp(path.join(os.tmpdir(), "poetry-audio-"));
  const partial = `${outFile}.${process.pid}.tmp`;
  try {
    const script = path.join(work, "poem.ssml");
    const wav = path.join(work, "poem.wav");
    await writeFile(script, speechSsml(poem));
    await run("espeak-ng", ["-m", "-v", options.voice ?? "en-us", "-s", String(options.wordsPerMinute ?? 150), "-w", wav, "-f", script]);
    // Mono speech: 64 kbit/s VBR is plenty and keeps a day's file small.
    await run("lame", [
      "--quiet", "-V", "7", "-m", "m",
      "--add-id3v2", "--tt", poem.title, "--ta", poem.author, "--tl", "Poem of the Day",
      wav, partial,
    ]);
    await rename(partial, outFile);
  } finally {
    await rm(work, { recursive: true, force: true });
    if (existsSync(partial)) await rm(partial, { force: true });
  }
}

export interface AudioReport {
  written: IsoDate[];
  existing: IsoDate[];
  unscheduled: IsoDate[];
}

/** Renders the scheduled poem of each day into {date}.mp3 in the audio folder, skipping files already there. */
export async function renderDailyAudio(
  db: DB,
  dates: IsoDate[],
  options: { force?: boolean; dir?: string; onDone?: (done: number) => void } = {},
): Promise<AudioReport> {
  const report: AudioReport = { written: [], existing: [], unscheduled: [] };
  let done = 0;
  for (const date of dates) {
    const file = dailyAudioFile(date, options.dir);
    if (!options.force && existsSync(file)) {
      report.existing.push(date);
    } else {
      const poem = await findDailyPoem(db, date);
      if (!poem) {
        report.unscheduled.push(date);
      } else {
        await renderPoemAudio({ title: poem.title, author: poem.author, content: poem.content ?? "" }, file);
        report.written.push(date);
      }
    }
    options.onDone?.(++done);
  }
  return report;
}
