import { execSync } from "node:child_process";
import { appendFileSync, existsSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PROJECT_ROOT } from "~/server/env.server";

export const RESULTS_FILE = path.join(PROJECT_ROOT, "bench", "RESULTS.md");

export function markdownTable(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n");
}

function commit(): string {
  try {
    return execSync("git rev-parse --short HEAD", { cwd: PROJECT_ROOT, encoding: "utf8" }).trim();
  } catch {
    return "unknown";
  }
}

/** Appends a dated, attributed section to bench/RESULTS.md and prints it. */
export function appendResults(title: string, body: string): string {
  if (!existsSync(RESULTS_FILE)) {
    writeFileSync(RESULTS_FILE, "# Benchmark results\n\nAppended by `npm run bench`; newest last. Machine: 2 cores.\n");
  }
  const cpu = os.cpus()[0]?.model ?? "unknown CPU";
  const section = `\n## ${title}\n\n${new Date().toISOString().slice(0, 16)}Z, commit ${commit()}, Node ${process.version}, ${os.cpus().length} × ${cpu}\n\n${body}\n`;
  appendFileSync(RESULTS_FILE, section);
  console.log(section);
  return section;
}
