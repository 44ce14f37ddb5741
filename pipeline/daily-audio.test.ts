import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { checkAudioTools, MissingToolError } from "./daily-audio";

function binWith(...programs: string[]): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "poetry-bin-"));
  mkdirSync(dir, { recursive: true });
  for (const program of programs) {
    writeFileSync(path.join(dir, program), "#!/bin/sh\n");
    chmodSync(path.join(dir, program), 0o755);
  }
  return dir;
}

describe("checkAudioTools", () => {
  test("passes when both programs are on PATH", () => {
    expect(() => checkAudioTools(binWith("espeak-ng", "lame"))).not.toThrow();
  });

  test("names only what is missing, with its Debian package", () => {
    expect(() => checkAudioTools(binWith("espeak-ng"))).toThrow(
      new MissingToolError("lame (the MP3 encoder) not found on PATH. Install Debian's package lame: sudo apt-get install lame"),
    );
    expect(() => checkAudioTools(`/nonexistent${path.delimiter}${binWith("lame")}`)).toThrow(/^espeak-ng \(the speech engine\) not found.*apt-get install espeak-ng$/);
    expect(() => checkAudioTools("")).toThrow(/packages espeak-ng lame: sudo apt-get install espeak-ng lame/);
  });

  test("a file that is not executable does not count", () => {
    const dir = binWith("lame");
    writeFileSync(path.join(dir, "espeak-ng"), "not a program");
    expect(() => checkAudioTools(dir)).toThrow(/espeak-ng/);
  });
});
