#!/usr/bin/env node
// A light lint (`npm run lint` runs it after tsc) for the few rules the type checker cannot see:
//
//   no-inner-html     `dangerouslySetInnerHTML` anywhere in app/, cli/, pipeline/: text is rendered as React
//                     elements, never as raw HTML.
//   no-process-exit   `process.exit(` in app/, cli/, pipeline/: set process.exitCode and let the event loop drain.
//   no-console-log    `console.log` in app/ outside app/server/ (server logging is allowed) and tests.
//
// Allow list: a line may break a rule only with a comment on that same line of the form
// `lint-allow: <what> — <reason>`, e.g. `process.exit(130); // lint-allow: process.exit — second Ctrl-C`.
// The reason is required, so every exception documents itself where it is made.

import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
const SOURCE = /\.(ts|tsx|js|mjs|cjs|jsx)$/;
const TEST = /\.test\.(ts|tsx)$/;

const RULES = [
  { name: "no-inner-html", allow: "dangerouslySetInnerHTML", pattern: /dangerouslySetInnerHTML/, applies: () => true },
  { name: "no-process-exit", allow: "process.exit", pattern: /\bprocess\.exit\s*\(/, applies: () => true },
  {
    name: "no-console-log",
    allow: "console.log",
    pattern: /\bconsole\.log\s*\(/,
    applies: (file) => file.startsWith("app/") && !file.startsWith("app/server/") && !TEST.test(file),
  },
];

function* sourceFiles(dir) {
  for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "node_modules" && !entry.name.startsWith(".")) yield* sourceFiles(rel);
    } else if (SOURCE.test(entry.name)) {
      yield rel;
    }
  }
}

// Whole-line comments only mention the constructs (like this file does); they are not uses.
const isCommentLine = (line) => /^\s*(\/\/|\/\*|\*)/.test(line);

const problems = [];
let checked = 0;
for (const dir of ["app", "cli", "pipeline"]) {
  for (const file of sourceFiles(dir)) {
    checked++;
    const lines = readFileSync(path.join(ROOT, file), "utf8").split("\n");
    lines.forEach((line, i) => {
      if (isCommentLine(line)) return;
      for (const rule of RULES) {
        if (!rule.applies(file) || !rule.pattern.test(line)) continue;
        const allowed = new RegExp(`lint-allow: ${rule.allow.replace(".", "\\.")} +[—-] +\\S`).test(line);
        if (!allowed) problems.push(`${file}:${i + 1}: ${rule.name}: ${line.trim()}`);
      }
    });
  }
}

if (problems.length > 0) {
  process.stderr.write(`${problems.join("\n")}\n\nlint: ${problems.length} problem(s) in ${checked} files\n`);
  process.exitCode = 1;
} else {
  process.stdout.write(`lint: ${checked} files ok\n`);
}
