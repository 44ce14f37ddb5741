import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Minimal JSON Web Tokens, HS256 only (RFC 7519 / 7515): the short-lived bearer tokens a signed-in page can
 * obtain for the /api calls. Anything but {"alg":"HS256","typ":"JWT"} is refused, so there is no "none" or
 * algorithm-confusion path. Verification allows a clock leeway on exp, nbf and iat.
 */
export interface JwtClaims {
  sub: string;
  iat: number;
  exp: number;
  aud?: string;
  [claim: string]: unknown;
}

const HEADER = Buffer.from(JSON.stringify({ alg: "HS256", typ: "JWT" })).toString("base64url");

function signature(input: string, secret: string): Buffer {
  return createHmac("sha256", secret).update(input).digest();
}

export function signJwt(claims: JwtClaims, secret: string): string {
  const body = Buffer.from(JSON.stringify(claims)).toString("base64url");
  const input = `${HEADER}.${body}`;
  return `${input}.${signature(input, secret).toString("base64url")}`;
}

export interface VerifyOptions {
  /** Seconds since the epoch; now by default. */
  now?: number;
  leewaySeconds?: number;
  audience?: string;
}

/** The claims of a well-formed, correctly signed, current token; null for anything else. */
export function verifyJwt(token: string, secrets: readonly string[], options: VerifyOptions = {}): JwtClaims | null {
  const parts = token.split(".");
  if (parts.length !== 3 || parts[0] !== HEADER) return null;
  const [, body, sig] = parts;
  if (!/^[A-Za-z0-9_-]+$/.test(body) || !/^[A-Za-z0-9_-]+$/.test(sig)) return null;
  const given = Buffer.from(sig, "base64url");
  const input = `${parts[0]}.${body}`;
  const valid = secrets.some((secret) => {
    const expected = signature(input, secret);
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  if (!valid) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  if (typeof claims !== "object" || claims === null) return null;
  const c = claims as Partial<JwtClaims>;
  if (typeof c.sub !== "string" || typeof c.exp !== "number" || typeof c.iat !== "number") return null;
  const now = options.now ?? Math.floor(Date.now() / 1000);
  const leeway = options.leewaySeconds ?? 60;
  if (now > c.exp + leeway) return null;
  if (c.iat > now + leeway) return null;
  if (typeof c.nbf === "number" && c.nbf > now + leeway) return null;
  if (options.audience !== undefined && c.aud !== options.audience) return null;
  return c as JwtClaims;
}
