import { createECDH, createPublicKey, randomBytes, verify } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";

/**
 * A real Web Push service on loopback, for tests: browsers' subscriptions are stood in for by P-256 key pairs
 * and auth secrets made here, the scheduler POSTs to `http://127.0.0.1:<port>/push/<name>`, and each request
 * is checked the way a push service and a browser would: the VAPID Authorization header (ES256 JWT signed by
 * the application server key, audience this origin, not expired, k= the same public key), then the
 * aes128gcm body decrypted with the subscriber's private key and auth secret (http_ece).
 */

interface HttpEce {
  decrypt(buffer: Buffer, params: { version: "aes128gcm"; privateKey: ReturnType<typeof createECDH>; authSecret: Buffer }): Buffer;
}
const ece = createRequire(import.meta.url)("http_ece") as HttpEce;

export interface FakeBrowser {
  name: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  ecdh: ReturnType<typeof createECDH>;
  authSecret: Buffer;
}

export interface Received {
  name: string;
  payload: unknown;
  headers: IncomingMessage["headers"];
}

export interface PushService {
  origin: string;
  received: Received[];
  /** Requests refused before decryption (bad VAPID, undecryptable), with the reason. */
  rejected: { name: string; reason: string }[];
  /** Makes a subscriber; `answer` sets the statuses it answers in turn (the last one repeats), default 201. */
  browser(name: string, answers?: number[]): FakeBrowser;
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks)));
    request.on("error", reject);
  });
}

/** Checks `vapid t=<jwt>, k=<key>` (RFC 8292); returns why it is wrong, or null. */
export function vapidProblem(header: string | undefined, origin: string, expectedKey: string): string | null {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? "");
  if (!match) return `Authorization is not 'vapid t=…, k=…': ${header}`;
  const [, token, key] = match as unknown as [string, string, string];
  if (key !== expectedKey) return "k is not the application server key";
  const [head, body, signature] = token.split(".");
  if (!head || !body || !signature) return "t is not a JWT";
  const point = Buffer.from(key, "base64url");
  const publicKey = createPublicKey({
    key: { kty: "EC", crv: "P-256", x: point.subarray(1, 33).toString("base64url"), y: point.subarray(33, 65).toString("base64url") },
    format: "jwk",
  });
  const signed = verify("sha256", Buffer.from(`${head}.${body}`), { key: publicKey, dsaEncoding: "ieee-p1363" }, Buffer.from(signature, "base64url"));
  if (!signed) return "JWT signature does not verify with k";
  const header_ = JSON.parse(Buffer.from(head, "base64url").toString()) as { alg?: string };
  if (header_.alg !== "ES256") return `JWT alg is ${header_.alg}`;
  const claims = JSON.parse(Buffer.from(body, "base64url").toString()) as { aud?: string; exp?: number; sub?: string };
  if (claims.aud !== origin) return `JWT aud is ${claims.aud}, not ${origin}`;
  if (!claims.exp || claims.exp * 1000 < Date.now() || claims.exp * 1000 > Date.now() + 24 * 3_600_000) return "JWT exp is not within 24 hours";
  if (!claims.sub || !/^(mailto:|https:)/.test(claims.sub)) return "JWT sub is not mailto: or https:";
  return null;
}

export async function startPushService(vapidPublicKey: string): Promise<PushService> {
  const browsers = new Map<string, { browser: FakeBrowser; answers: number[] }>();
  const received: Received[] = [];
  const rejected: { name: string; reason: string }[] = [];
  let origin = "";
  const server: Server = createServer(async (request, response) => {
    const name = /^\/push\/([\w-]+)$/.exec(request.url ?? "")?.[1] ?? "";
    const body = await readBody(request);
    const entry = browsers.get(name);
    if (request.method !== "POST" || !entry) {
      response.writeHead(404).end();
      return;
    }
    const problem = vapidProblem(request.headers.authorization, origin, vapidPublicKey);
    if (problem) {
      rejected.push({ name, reason: problem });
      response.writeHead(401).end(problem);
      return;
    }
    const status = entry.answers.length > 1 ? entry.answers.shift()! : (entry.answers[0] ?? 201);
    if (status >= 200 && status < 300) {
      try {
        if (request.headers["content-encoding"] !== "aes128gcm") throw new Error(`Content-Encoding ${request.headers["content-encoding"]}`);
        const plain = ece.decrypt(body, { version: "aes128gcm", privateKey: entry.browser.ecdh, authSecret: entry.browser.authSecret });
        received.push({ name, payload: JSON.parse(plain.toString("utf8")), headers: request.headers });
      } catch (error) {
        rejected.push({ name, reason: `undecryptable: ${(error as Error).message}` });
        response.writeHead(400).end();
        return;
      }
    }
    response.writeHead(status).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    rejected,
    browser(name, answers = [201]) {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const authSecret = randomBytes(16);
      const browser: FakeBrowser = {
        name,
        endpoint: `${origin}/push/${name}`,
        keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: authSecret.toString("base64url") },
        ecdh,
        authSecret,
      };
      browsers.set(name, { browser, answers: [...answers] });
      return browser;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
