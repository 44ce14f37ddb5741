import { execFile } from "node:child_process";
import { existsSync } from "node:fs";

/** Debian's epubcheck package installs the jar as /usr/bin/epubcheck (run through binfmt or `java -jar`). */
export const EPUBCHECK_JAR = "/usr/bin/epubcheck";

export interface EpubcheckResult {
  ok: boolean;
  output: string;
}

/** Runs EPUBCheck on a file; `ok` is its own verdict (exit status 0: no errors, no fatal errors). */
export function epubcheck(file: string): Promise<EpubcheckResult> {
  if (!existsSync(EPUBCHECK_JAR)) throw new Error(`epubcheck is not installed (${EPUBCHECK_JAR}): apt-get install epubcheck`);
  return new Promise((resolve) => {
    // A short-lived JVM starts faster without the optimising compiler; the machine may be busy, so be patient.
    const args = ["-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-jar", EPUBCHECK_JAR, file];
    execFile("java", args, { timeout: 300_000 }, (error, stdout, stderr) => {
      const timedOut = error?.killed ? "\nepubcheck timed out after 300 s\n" : "";
      resolve({ ok: !error, output: `${stdout}${stderr}${timedOut}` });
    });
  });
}
