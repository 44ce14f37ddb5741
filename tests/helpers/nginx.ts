// nginx in front of app processes for the system tests, running the committed deploy/nginx.conf with the
// test's ports put in, under a top-level config of the test's own (its files in a temporary folder, and an
// access log that names the app process behind each answer).
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import os from "node:os";
import path from "node:path";
import { PROJECT_ROOT } from "~/server/env.server";

export const NGINX = "/usr/sbin/nginx";
export const DEPLOY_CONFIG = path.join(PROJECT_ROOT, "deploy", "nginx.conf");

export interface Nginx {
  url: string;
  /** One entry per request answered so far: the app process (host:port) that answered it, and the status. */
  served(): { method: string; uri: string; status: number; upstream: string }[];
  stop(): Promise<void>;
}

/** deploy/nginx.conf with the app processes' ports and nginx's own listening address put in. */
export function deployConfigFor(listenPort: number, upstreamPorts: number[]): string {
  const original = readFileSync(DEPLOY_CONFIG, "utf8");
  const servers = /^([ \t]*)server 127\.0\.0\.1:\d+ (.*);\n/gm;
  const first = servers.exec(original);
  if (!first || !/^\s*listen 80;$/m.test(original)) {
    throw new Error(`${DEPLOY_CONFIG} no longer has the "server 127.0.0.1:PORT …;" and "listen 80;" lines this test fills in`);
  }
  const [, indent, options] = first;
  const lines = upstreamPorts.map((port) => `${indent}server 127.0.0.1:${port} ${options};\n`).join("");
  let placed = false;
  return original
    .replace(servers, () => (placed ? "" : ((placed = true), lines)))
    .replace(/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${listenPort};`);
}

/**
 * The temporary-file folders nginx would otherwise put under its system prefix, made inside `dir`, as
 * directives for the http block.
 */
export function tempPathDirectives(dir: string): string {
  return ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]
    .map((kind) => {
      mkdirSync(path.join(dir, kind), { recursive: true });
      return `    ${kind}_temp_path ${path.join(dir, kind)};`;
    })
    .join("\n");
}

function waitForPort(port: number, child: ChildProcess, output: () => string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      if (child.exitCode !== null) return reject(new Error(`nginx exited with ${child.exitCode}: ${output()}`));
      const socket = connect(port, "127.0.0.1");
      socket.once("connect", () => {
        socket.destroy();
        resolve();
      });
      socket.once("error", () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`nginx did not listen on ${port}: ${output()}`));
        else setTimeout(attempt, 100);
      });
    };
    attempt();
  });
}

export interface NginxRun {
  child: ChildProcess;
  /** What nginx printed so far. */
  output(): string;
  /** A graceful stop (SIGQUIT: the master waits for its workers), then `dir` is removed. */
  stop(): Promise<void>;
}

/** Runs nginx on `dir`/nginx.conf with `dir` as its prefix and waits until it accepts connections on `port`. */
export async function runNginx(dir: string, port: number): Promise<NginxRun> {
  const child = spawn(NGINX, ["-p", dir, "-c", path.join(dir, "nginx.conf"), "-e", path.join(dir, "error.log")], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const log = () => `${output}${existsSync(path.join(dir, "error.log")) ? readFileSync(path.join(dir, "error.log"), "utf8") : ""}`;
  try {
    await waitForPort(port, child, log);
  } catch (error) {
    child.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    child,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill("SIGQUIT");
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function startNginx(listenPort: number, upstreamPorts: number[]): Promise<Nginx> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "poetry-nginx-"));
  writeFileSync(path.join(dir, "poetry-commons.conf"), deployConfigFor(listenPort, upstreamPorts));
  const accessLog = path.join(dir, "access.log");
  writeFileSync(
    path.join(dir, "nginx.conf"),
    `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
    log_format served '$request_method $request_uri $status $upstream_addr';
    access_log ${accessLog} served;
${tempPathDirectives(dir)}
    include ${dir}/poetry-commons.conf;
}
`,
  );
  const nginx = await runNginx(dir, listenPort);
  return {
    url: `http://127.0.0.1:${listenPort}`,
    served() {
      // nginx writes each line when the response is done; the caller has its answer by then.
      return readFileSync(accessLog, "utf8")
        .split("\n")
        .filter(Boolean)
        .map((line) => {
          const [method, uri, status, upstream] = line.split(" ");
          return { method, uri, status: Number(status), upstream };
        });
    },
    stop: () => nginx.stop(),
  };
}
