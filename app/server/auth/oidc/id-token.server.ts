import { createPublicKey, type JsonWebKey, type KeyObject, verify as verifySignature } from "node:crypto";

/**
 * OpenID Connect ID token verification (OpenID Connect Core 1.0, section 3.1.3.7) with node:crypto only:
 * the signature against one of the provider's published keys (RSA, RSA-PSS or ECDSA; never "none" and never
 * an HMAC, which would let a public key be used as a shared secret), then issuer, audience, authorized party,
 * expiry and issue time with a small clock leeway, and the nonce this sign-in sent.
 */

export class IdTokenError extends Error {}

export interface IdTokenClaims {
  iss: string;
  sub: string;
  aud: string | string[];
  exp: number;
  iat: number;
  nonce?: string;
  azp?: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  given_name?: string;
  [claim: string]: unknown;
}

export interface Jwk extends JsonWebKey {
  kid?: string;
  use?: string;
  alg?: string;
}

const ALGORITHMS: Record<string, { hash: string; kty: string; pss?: boolean; ec?: boolean }> = {
  RS256: { hash: "sha256", kty: "RSA" },
  RS384: { hash: "sha384", kty: "RSA" },
  RS512: { hash: "sha512", kty: "RSA" },
  PS256: { hash: "sha256", kty: "RSA", pss: true },
  PS384: { hash: "sha384", kty: "RSA", pss: true },
  PS512: { hash: "sha512", kty: "RSA", pss: true },
  ES256: { hash: "sha256", kty: "EC", ec: true },
  ES384: { hash: "sha384", kty: "EC", ec: true },
  ES512: { hash: "sha512", kty: "EC", ec: true },
};

/** Clock difference allowed between this server and the provider. */
export const ID_TOKEN_LEEWAY_SECONDS = 30;

function decodePart(part: string, what: string): Record<string, unknown> {
  if (!/^[A-Za-z0-9_-]+$/.test(part)) throw new IdTokenError(`The ID token's ${what} is not base64url`);
  try {
    const value: unknown = JSON.parse(Buffer.from(part, "base64url").toString("utf8"));
    if (typeof value === "object" && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // falls through to the error below
  }
  throw new IdTokenError(`The ID token's ${what} is not a JSON object`);
}

/** The header of a compact JWS, to pick the key before verifying. */
export function idTokenHeader(token: string): { alg: string; kid?: string } {
  const header = decodePart(token.split(".")[0] ?? "", "header");
  if (typeof header.alg !== "string") throw new IdTokenError("The ID token names no algorithm");
  return { alg: header.alg, kid: typeof header.kid === "string" ? header.kid : undefined };
}

/** The key a token names (by kid, else the only suitable one); undefined when the set has none. */
export function selectKey(keys: readonly Jwk[], header: { alg: string; kid?: string }): Jwk | undefined {
  const algorithm = ALGORITHMS[header.alg];
  if (!algorithm) return undefined;
  const suitable = keys.filter(
    (key) => key.kty === algorithm.kty && (key.use === undefined || key.use === "sig") && (key.alg === undefined || key.alg === header.alg),
  );
  if (header.kid !== undefined) return suitable.find((key) => key.kid === header.kid);
  return suitable.length === 1 ? suitable[0] : undefined;
}

export interface VerifyIdTokenOptions {
  issuer: string;
  clientId: string;
  nonce: string;
  /** Seconds since the epoch; now by default. */
  now?: number;
  leewaySeconds?: number;
}

/** The claims of a valid ID token, or an IdTokenError saying what was wrong. */
export function verifyIdToken(token: string, jwk: Jwk, options: VerifyIdTokenOptions): IdTokenClaims {
  const parts = token.split(".");
  if (parts.length !== 3) throw new IdTokenError("The ID token is not a signed JWT");
  const header = idTokenHeader(token);
  const algorithm = ALGORITHMS[header.alg];
  if (!algorithm) throw new IdTokenError(`The ID token's algorithm ${header.alg} is not accepted`);
  if (jwk.kty !== algorithm.kty) throw new IdTokenError("The ID token's key does not fit its algorithm");
  let key: KeyObject;
  try {
    key = createPublicKey({ key: jwk, format: "jwk" });
  } catch {
    throw new IdTokenError("The provider's signing key could not be read");
  }
  if (!/^[A-Za-z0-9_-]+$/.test(parts[2])) throw new IdTokenError("The ID token's signature is not base64url");
  const signed = Buffer.from(`${parts[0]}.${parts[1]}`);
  const signature = Buffer.from(parts[2], "base64url");
  const valid = verifySignature(
    algorithm.hash,
    signed,
    algorithm.pss
      ? { key, padding: 6 /* RSA_PKCS1_PSS_PADDING */, saltLength: -1 /* RSA_PSS_SALTLEN_DIGEST */ }
      : algorithm.ec
        ? { key, dsaEncoding: "ieee-p1363" }
        : key,
    signature,
  );
  if (!valid) throw new IdTokenError("The ID token's signature is not valid");

  const claims = decodePart(parts[1], "payload") as Partial<IdTokenClaims>;
  const now = options.now ?? Math.floor(Date.now() / 1000);
  const leeway = options.leewaySeconds ?? ID_TOKEN_LEEWAY_SECONDS;
  if (claims.iss !== options.issuer) throw new IdTokenError("The ID token was issued by another provider");
  if (typeof claims.sub !== "string" || claims.sub === "") throw new IdTokenError("The ID token names no subject");
  const audiences = typeof claims.aud === "string" ? [claims.aud] : Array.isArray(claims.aud) ? claims.aud : [];
  if (!audiences.includes(options.clientId)) throw new IdTokenError("The ID token is meant for another client");
  if (audiences.length > 1 && claims.azp !== options.clientId) throw new IdTokenError("The ID token's authorized party is another client");
  if (claims.azp !== undefined && claims.azp !== options.clientId) throw new IdTokenError("The ID token's authorized party is another client");
  if (typeof claims.exp !== "number" || now > claims.exp + leeway) throw new IdTokenError("The ID token has expired");
  if (typeof claims.iat !== "number" || claims.iat > now + leeway) throw new IdTokenError("The ID token was issued in the future");
  if (typeof claims.nonce !== "string" || claims.nonce !== options.nonce) throw new IdTokenError("The ID token's nonce does not match this sign-in");
  return claims as IdTokenClaims;
}
