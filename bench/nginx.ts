// The ceiling of the HTTP benchmarks: nginx (Debian's nginx-light) serving a saved copy of the very responses the
// app sent, as static files on a loopback port, on the same machine in the same run.
import { chmodSync, existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { NGINX, runNginx, tempPathDirectives } from "../tests/helpers/nginx";

export interface StaticCopy {
  url: string;
  stop(): Promise<void>;
}

const EXTENSIONS: Record<string, string> = { "text/html": "html", "application/json": "json" };

/**
 * Fetches every path from `base` (uncompressed, anonymous, as a reader's first visit) and stores each body with
 * a gzip copy beside it; nginx then answers `gzip, br` requests with the stored .gz file (gzip_static), which is
 * the cheapest way a web server can send a compressed page: no compression per request, one sendfile. (Debian's
 * nginx has no brotli module; the app sends brotli for JSON and gzip for pages, whose CSP nonce changes per
 * request. The few per cent of size between the two do not move a loopback benchmark.)
 */
export async function saveCopy(base: string, paths: string[], dir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  mkdirSync(path.join(dir, "root", "copy"), { recursive: true });
  for (const urlPath of new Set(paths)) {
    const res = await fetch(`${base}${urlPath}`, { headers: { "accept-encoding": "identity" } });
    if (res.status !== 200) throw new Error(`${urlPath}: the app answered ${res.status}, nothing to copy`);
    const type = (res.headers.get("content-type") ?? "").split(";")[0].trim();
    const name = `/copy/${files.size}.${EXTENSIONS[type] ?? "bin"}`;
    const body = Buffer.from(await res.arrayBuffer());
    writeFileSync(path.join(dir, "root", name), body);
    writeFileSync(path.join(dir, "root", `${name}.gz`), gzipSync(body));
    files.set(urlPath, name);
  }
  return files;
}

/** nginx.conf for the copy: the request line (path and query) picks the file through a map, a hash lookup. */
function config(dir: string, port: number, files: Map<string, string>): string {
  const quote = (s: string) => `"${s.replace(/["\\]/g, "\\$&")}"`;
  const entries = [...files].map(([urlPath, file]) => `    ${quote(urlPath)} ${file};`).join("\n");
  return `worker_processes auto;
daemon off;
pid ${path.join(dir, "nginx.pid")};
error_log ${path.join(dir, "error.log")} warn;
events { worker_connections 4096; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
${tempPathDirectives(dir)}
  types { text/html html; application/json json; }
  default_type application/octet-stream;
  gzip_static on;
  gzip_vary on;
  map_hash_max_size 65536;
  map_hash_bucket_size 256;
  map $request_uri $copy {
    default /none;
${entries}
  }
  server {
    listen 127.0.0.1:${port};
    root ${path.join(dir, "root")};
    location / { try_files $copy =404; }
  }
}
`;
}

/** Saves the copy of `paths` from the app at `base` and starts nginx on it at `port` (loopback). */
export async function startStaticCopy(base: string, paths: string[], port: number): Promise<StaticCopy> {
  if (!existsSync(NGINX)) {
    throw new Error(`${NGINX} is missing: the HTTP benchmarks compare the app with nginx. Install it with \`apt-get install nginx-light\`.`);
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), "poetry-bench-nginx-"));
  const files = await saveCopy(base, paths, dir);
  writeFileSync(path.join(dir, "nginx.conf"), config(dir, port, files));
  // Run as root, nginx's workers become `nobody`: they must be able to read the copy (mkdtemp makes it 0700).
  for (const sub of ["", "root", "root/copy"]) chmodSync(path.join(dir, sub), 0o755);
  const nginx = await runNginx(dir, port);
  return { url: `http://127.0.0.1:${port}`, stop: () => nginx.stop() };
}
