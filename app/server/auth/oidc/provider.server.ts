import { z } from "zod";
import { idTokenHeader, IdTokenError, type Jwk, selectKey } from "./id-token.server";

/**
 * Talking to the OpenID Connect provider: its discovery document, its signing keys and its token endpoint.
 * Discovery and keys are kept for an hour; an ID token naming an unknown key refreshes the keys once, which
 * is how a provider's key rotation reaches us.
 */

export class OidcError extends Error {}

const Metadata = z.object({
  issuer: z.string().url(),
  authorization_endpoint: z.string().url(),
  token_endpoint: z.string().url(),
  jwks_uri: z.string().url(),
  code_challenge_methods_supported: z.array(z.string()).optional(),
});
export type ProviderMetadata = z.infer<typeof Metadata>;

const Jwks = z.object({ keys: z.array(z.record(z.string(), z.unknown())) });

const TokenAnswer = z.object({
  id_token: z.string().min(1),
  access_token: z.string().optional(),
  token_type: z.string().optional(),
});

const CACHE_MS = 60 * 60_000;
const TIMEOUT_MS = 10_000;

const stripSlash = (url: string) => url.replace(/\/+$/, "");

async function fetchJson(url: string, init?: RequestInit): Promise<{ status: number; body: unknown }> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS), redirect: "error" });
  } catch (error) {
    throw new OidcError(`The sign-in provider could not be reached (${error instanceof Error ? error.message : String(error)}).`);
  }
  const text = await response.text();
  try {
    return { status: response.status, body: JSON.parse(text) };
  } catch {
    throw new OidcError(`The sign-in provider answered ${response.status} with something other than JSON.`);
  }
}

const discoveryCache = new Map<string, { at: number; metadata: Promise<ProviderMetadata> }>();
const keysCache = new Map<string, { at: number; keys: Promise<Jwk[]> }>();

/** The provider's discovery document; its issuer must be the one configured (OpenID Connect Discovery 4.3). */
export function discover(issuer: string, now = Date.now()): Promise<ProviderMetadata> {
  const cached = discoveryCache.get(issuer);
  if (cached && now - cached.at < CACHE_MS) return cached.metadata;
  const metadata = (async () => {
    const { status, body } = await fetchJson(`${stripSlash(issuer)}/.well-known/openid-configuration`);
    const parsed = Metadata.safeParse(body);
    if (status !== 200 || !parsed.success) throw new OidcError(`The sign-in provider's discovery document is not usable (status ${status}).`);
    if (stripSlash(parsed.data.issuer) !== stripSlash(issuer)) {
      throw new OidcError("The sign-in provider's discovery document names another issuer.");
    }
    return parsed.data;
  })();
  discoveryCache.set(issuer, { at: now, metadata });
  // A failure is not kept: the next sign-in tries again.
  metadata.catch(() => discoveryCache.delete(issuer));
  return metadata;
}

function loadKeys(jwksUri: string, refresh: boolean, now = Date.now()): Promise<Jwk[]> {
  const cached = keysCache.get(jwksUri);
  if (cached && !refresh && now - cached.at < CACHE_MS) return cached.keys;
  const keys = (async () => {
    const { status, body } = await fetchJson(jwksUri);
    const parsed = Jwks.safeParse(body);
    if (status !== 200 || !parsed.success) throw new OidcError(`The sign-in provider's keys could not be read (status ${status}).`);
    return parsed.data.keys as Jwk[];
  })();
  keysCache.set(jwksUri, { at: now, keys });
  keys.catch(() => keysCache.delete(jwksUri));
  return keys;
}

/** The published key that signed this token (refreshing the key set once when its kid is unknown). */
export async function signingKeyFor(metadata: ProviderMetadata, idToken: string): Promise<Jwk> {
  const header = idTokenHeader(idToken);
  const key = selectKey(await loadKeys(metadata.jwks_uri, false), header) ?? selectKey(await loadKeys(metadata.jwks_uri, true), header);
  if (!key) throw new IdTokenError("The ID token was signed with a key the provider does not publish");
  return key;
}

/** Trades the authorization code (and the PKCE verifier) for tokens; client_secret_basic authentication. */
export async function exchangeCode(
  metadata: ProviderMetadata,
  client: { clientId: string; clientSecret: string },
  params: { code: string; redirectUri: string; codeVerifier: string },
): Promise<{ idToken: string }> {
  const basic = Buffer.from(`${encodeURIComponent(client.clientId)}:${encodeURIComponent(client.clientSecret)}`).toString("base64");
  const { status, body } = await fetchJson(metadata.token_endpoint, {
    method: "POST",
    headers: { Authorization: `Basic ${basic}`, "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code: params.code,
      redirect_uri: params.redirectUri,
      code_verifier: params.codeVerifier,
    }),
  });
  const parsed = TokenAnswer.safeParse(body);
  if (status !== 200 || !parsed.success) {
    const reason = typeof (body as { error?: unknown })?.error === "string" ? ` (${(body as { error: string }).error})` : "";
    throw new OidcError(`The sign-in provider refused to complete the sign-in${reason}.`);
  }
  return { idToken: parsed.data.id_token };
}
