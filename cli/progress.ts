import cliProgress from "cli-progress";
import type { ImportProgress } from "../pipeline/import";

/**
 * Shows import progress: a bar with percentage, record count and rate on a terminal, and plain
 * periodic lines when output is piped (CI logs, `npm start` under a process manager).
 */
export function importProgressReporter(stream: NodeJS.WriteStream = process.stderr) {
  const started = Date.now();
  let bar: cliProgress.SingleBar | null = null;
  let barFile = "";
  let lastLine = 0;

  const rate = (done: number) => Math.round(done / Math.max((Date.now() - started) / 1000, 0.001));

  return {
    update(p: ImportProgress): void {
      if (p.phase !== "poems") return;
      if (stream.isTTY && p.totalBytes) {
        if (!bar || barFile !== p.file) {
          bar?.stop();
          barFile = p.file;
          bar = new cliProgress.SingleBar(
            { format: "poems |{bar}| {percentage}% | {done} records | {rate}/s", hideCursor: true, stream },
            cliProgress.Presets.shades_classic,
          );
          bar.start(p.totalBytes, 0, { done: 0, rate: 0 });
        }
        bar.update(p.bytesRead ?? 0, { done: p.done, rate: rate(p.done) });
      } else if (p.done - lastLine >= 2000) {
        lastLine = p.done;
        stream.write(`  ${p.done.toLocaleString("en")} poems read (${rate(p.done).toLocaleString("en")}/s)\n`);
      }
    },
    stop(): void {
      if (bar) {
        bar.update(bar.getTotal());
        bar.stop();
      }
    },
  };
}

/**
 * Progress through a known number of items (`poetry audio`): a bar on a terminal, a plain line every
 * `every` items (and at the end) when output is piped.
 */
export function countProgressReporter(label: string, total: number, stream: NodeJS.WriteStream = process.stderr, every = 10) {
  const bar = stream.isTTY
    ? new cliProgress.SingleBar({ format: `${label} |{bar}| {value}/{total}`, hideCursor: true, stream }, cliProgress.Presets.shades_classic)
    : null;
  bar?.start(total, 0);
  return {
    tick(done: number): void {
      if (bar) bar.update(done);
      else if (done === total || done % every === 0) stream.write(`  ${label}: ${done}/${total}\n`);
    },
    stop(): void {
      bar?.stop();
    },
  };
}

/** Export progress: a bar on a terminal, a line every 5,000 poems otherwise. */
export function exportProgressReporter(stream: NodeJS.WriteStream = process.stderr) {
  let bar: cliProgress.SingleBar | null = null;
  let lastLine = 0;
  return {
    update(p: { done: number; total: number }): void {
      if (stream.isTTY) {
        if (!bar) {
          bar = new cliProgress.SingleBar(
            { format: "export |{bar}| {percentage}% | {value}/{total} poems", hideCursor: true, stream },
            cliProgress.Presets.shades_classic,
          );
          bar.start(p.total, 0);
        }
        bar.update(p.done);
      } else if (p.done - lastLine >= 5000 || (p.done === p.total && p.done !== lastLine)) {
        lastLine = p.done;
        stream.write(`  ${p.done.toLocaleString("en")} of ${p.total.toLocaleString("en")} poems written\n`);
      }
    },
    stop(): void {
      bar?.stop();
      bar = null;
    },
  };
}
