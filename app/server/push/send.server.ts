import webpush from "web-push";
import type { VapidKeys } from "./vapid.server";

/**
 * One Web Push send with bounded retries. web-push builds the request (aes128gcm-encrypted body, VAPID
 * Authorization header, TTL, Topic, Urgency); fetch sends it, which also reaches http:// push endpoints
 * (the loopback test service) where web-push's own sender only speaks https.
 */

export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface SendOptions {
  vapid: VapidKeys;
  /** Seconds the push service keeps the message for an offline browser. */
  ttlSeconds: number;
  /** Messages with the same topic replace each other while still queued at the push service. */
  topic?: string;
  /** Retries after the first try, for 429, 5xx and network errors. */
  retries?: number;
  /** First backoff delay; doubled each retry, with jitter; a Retry-After answer is followed up to maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  timeoutMs?: number;
}

export type SendResult =
  | { outcome: "sent"; status: number; tries: number }
  /** 404 or 410: the browser unsubscribed or the subscription expired; it will never work again. */
  | { outcome: "gone"; status: number; tries: number }
  /** Still 429/5xx/unreachable after every retry: worth trying again on a later run. */
  | { outcome: "retry-later"; status: number | null; error: string; tries: number }
  /** Any other refusal (400, 401, 403, 413): retrying the same request will not help. */
  | { outcome: "rejected"; status: number; error: string; tries: number };

// A VAPID JWT names only the push service's origin, so one signature serves every send to that service for
// hours; signing anew per message was most of a send's CPU time.
const VAPID_TTL_S = 12 * 3600;
const vapidHeaders = new Map<string, { authorization: string; expiresAt: number }>();

function vapidAuthorization(endpoint: string, vapid: VapidKeys): string {
  const audience = new URL(endpoint).origin;
  const key = `${audience} ${vapid.publicKey} ${vapid.subject}`;
  const nowS = Math.floor(Date.now() / 1000);
  const cached = vapidHeaders.get(key);
  if (cached && cached.expiresAt - nowS > 3600) return cached.authorization;
  const expiresAt = nowS + VAPID_TTL_S;
  const headers = webpush.getVapidHeaders(audience, vapid.subject, vapid.publicKey, vapid.privateKey, "aes128gcm", expiresAt);
  if (vapidHeaders.size > 1000) vapidHeaders.clear();
  vapidHeaders.set(key, { authorization: headers.Authorization, expiresAt });
  return headers.Authorization;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function retryAfterMs(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - Date.now());
}

export async function sendPush(target: PushTarget, payload: string, options: SendOptions): Promise<SendResult> {
  const retries = options.retries ?? 3;
  const baseDelayMs = options.baseDelayMs ?? 1000;
  const maxDelayMs = options.maxDelayMs ?? 30_000;
  let last: { status: number | null; error: string } = { status: null, error: "not sent" };
  for (let attempt = 0; attempt <= retries; attempt++) {
    // Built afresh each try: every request gets its own encryption salt and key, as RFC 8291 wants.
    const request = webpush.generateRequestDetails(target, payload, {
      headers: { Authorization: vapidAuthorization(target.endpoint, options.vapid) },
      TTL: options.ttlSeconds,
      contentEncoding: "aes128gcm",
      urgency: "normal",
      ...(options.topic ? { topic: options.topic } : {}),
    });
    let retryAfter: number | null = null;
    try {
      const response = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body ? new Uint8Array(request.body) : null,
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
      const text = await response.text().catch(() => "");
      if (response.ok) return { outcome: "sent", status: response.status, tries: attempt + 1 };
      if (response.status === 404 || response.status === 410) return { outcome: "gone", status: response.status, tries: attempt + 1 };
      const error = `push service answered ${response.status}${text ? `: ${text.slice(0, 200)}` : ""}`;
      if (response.status !== 429 && response.status < 500) {
        return { outcome: "rejected", status: response.status, error, tries: attempt + 1 };
      }
      last = { status: response.status, error };
      retryAfter = retryAfterMs(response.headers.get("Retry-After"));
    } catch (error) {
      last = { status: null, error: error instanceof Error ? error.message : String(error) };
    }
    if (attempt < retries) {
      const backoff = baseDelayMs * 2 ** attempt * (0.5 + Math.random() / 2);
      await sleep(Math.min(maxDelayMs, retryAfter ?? backoff));
    }
  }
  return { outcome: "retry-later", ...last, tries: retries + 1 };
}
