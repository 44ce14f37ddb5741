// A PostgreSQL cluster of the test's own (initdb + pg_ctl in a temporary folder), so a fault test can stop
// and restart "the database" without touching the machine's shared server that other stages use.
import { execFile } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

export interface PrivatePostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  port: number;
  /** pg_ctl stop: "immediate" is a crash (no goodbye to clients), "fast" an orderly shutdown. */
  stop(mode?: "immediate" | "fast"): Promise<void>;
  start(): Promise<void>;
  /** Stops the cluster if running and deletes its folder. */
  destroy(): Promise<void>;
}

function binDir(): string | undefined {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, "bin", "pg_ctl")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], "bin") : undefined;
}

/**
 * Why a private cluster cannot run here, or null when it can: PostgreSQL's server binaries must be installed,
 * and as root (initdb refuses it) the `postgres` OS user and `runuser` must exist to run them.
 */
export async function privatePostgresUnavailable(): Promise<string | null> {
  if (!binDir()) return "PostgreSQL's server binaries (/usr/lib/postgresql/*/bin/pg_ctl) are not installed";
  if (process.getuid?.() !== 0) return null;
  try {
    await run("runuser", ["-u", "postgres", "--", "true"]);
    return null;
  } catch (error) {
    return `running as root, and \`runuser -u postgres\` failed: ${(error as Error).message}`;
  }
}

/** initdb + start on 127.0.0.1:`port`, trust authentication, durability off (a throwaway test cluster). */
export async function startPrivatePostgres(port: number): Promise<PrivatePostgres> {
  const bin = binDir();
  if (!bin) throw new Error("PostgreSQL's server binaries are not installed");
  const dir = mkdtempSync(path.join(os.tmpdir(), "poetry-pg-"));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run("id", ["-u", "postgres"]);
    const { stdout: gid } = await run("id", ["-g", "postgres"]);
    chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const data = path.join(dir, "data");
  const pgCommand = (tool: string, args: string[]) =>
    asRoot ? run("runuser", ["-u", "postgres", "--", path.join(bin, tool), ...args]) : run(path.join(bin, tool), args);
  await pgCommand("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync", "--locale=C"]);
  const serverOptions = [
    `-p ${port}`,
    "-c listen_addresses=127.0.0.1",
    `-c unix_socket_directories=${dir}`,
    "-c fsync=off",
    "-c synchronous_commit=off",
    "-c full_page_writes=off",
    "-c max_connections=200",
  ].join(" ");
  const start = () =>
    pgCommand("pg_ctl", ["-D", data, "-o", serverOptions, "-l", path.join(dir, "server.log"), "-w", "-t", "60", "start"]).then(
      () => undefined,
    );
  let running = false;
  await start();
  running = true;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async stop(mode = "immediate") {
      await pgCommand("pg_ctl", ["-D", data, "-m", mode, "-w", "stop"]);
      running = false;
    },
    async start() {
      await start();
      running = true;
    },
    async destroy() {
      if (running) await pgCommand("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
