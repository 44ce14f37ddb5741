import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { createCookie, redirect } from "react-router";
import { Strategy } from "remix-auth/strategy";
import type { User } from "../../db/schema";
import { env } from "../../env.server";
import { isSecureRequest } from "../../reading-preferences.server";
import { sessionSecrets } from "../secret.server";
import { type IdTokenClaims, verifyIdToken } from "./id-token.server";
import { discover, exchangeCode, OidcError, signingKeyFor } from "./provider.server";

export { OidcError };

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The provider's name on the 'Sign in with {name}' button. */
  name: string;
}

/** The configured provider, or null when OpenID Connect sign-in is off (OIDC_ISSUER and friends unset). */
export function oidcSettings(): OidcSettings | null {
  const e = env();
  if (!e.OIDC_ISSUER || !e.OIDC_CLIENT_ID || !e.OIDC_CLIENT_SECRET) return null;
  return { issuer: e.OIDC_ISSUER, clientId: e.OIDC_CLIENT_ID, clientSecret: e.OIDC_CLIENT_SECRET, name: e.OIDC_NAME };
}

export const OIDC_START_PATH = "/auth/oidc";
export const OIDC_CALLBACK_PATH = "/auth/oidc/callback";

/** What one sign-in attempt must remember between leaving for the provider and coming back. */
interface FlowState {
  state: string;
  nonce: string;
  verifier: string;
  redirectTo: string;
}

let flowCookie: ReturnType<typeof createCookie> | undefined;

/** Signed, HttpOnly, ten minutes, sent only to /auth/oidc…; SameSite=Lax so the provider's redirect back carries it. */
function oidcFlowCookie() {
  flowCookie ??= createCookie("pc_oidc", {
    path: OIDC_START_PATH,
    httpOnly: true,
    sameSite: "lax",
    secrets: sessionSecrets(),
    maxAge: 600,
  });
  return flowCookie;
}

const random = () => randomBytes(32).toString("base64url");

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export interface OidcVerifyParams {
  claims: IdTokenClaims;
  request: Request;
}

/**
 * OpenID Connect sign-in as a remix-auth strategy: the authorization code flow with PKCE (S256), state and
 * nonce. Called without a code it sends the browser to the provider (a redirect thrown as a Response, with
 * the flow's secrets in a signed cookie); called back with one it checks the state, trades the code, verifies
 * the ID token and hands its claims to `verify`, which finds or creates the account.
 */
export class OidcStrategy extends Strategy<User, OidcVerifyParams> {
  name = "oidc";

  constructor(
    private readonly settings: OidcSettings,
    verify: Strategy.VerifyFunction<User, OidcVerifyParams>,
  ) {
    super(verify);
  }

  private redirectUri(request: Request): string {
    const base = env().SITE_URL ?? new URL(request.url).origin;
    return new URL(OIDC_CALLBACK_PATH, base.endsWith("/") ? base : `${base}/`).toString();
  }

  async authenticate(request: Request): Promise<User> {
    const url = new URL(request.url);
    if (url.pathname !== OIDC_CALLBACK_PATH) throw await this.start(request, url.searchParams.get("redirectTo") ?? "/");
    return this.finish(request, url);
  }

  /** The redirect to the provider's authorization endpoint. */
  async start(request: Request, redirectTo: string): Promise<Response> {
    const metadata = await discover(this.settings.issuer);
    const flow: FlowState = { state: random(), nonce: random(), verifier: random(), redirectTo };
    const target = new URL(metadata.authorization_endpoint);
    target.search = new URLSearchParams({
      response_type: "code",
      client_id: this.settings.clientId,
      redirect_uri: this.redirectUri(request),
      scope: "openid email profile",
      state: flow.state,
      nonce: flow.nonce,
      code_challenge: createHash("sha256").update(flow.verifier).digest("base64url"),
      code_challenge_method: "S256",
    }).toString();
    const cookie = await oidcFlowCookie().serialize(flow, { secure: isSecureRequest(request) });
    return redirect(target.toString(), { headers: { "Set-Cookie": cookie, "Cache-Control": "no-store" } });
  }

  private async finish(request: Request, url: URL): Promise<User> {
    const flow = (await oidcFlowCookie().parse(request.headers.get("Cookie"))) as Partial<FlowState> | null;
    if (!flow || typeof flow.state !== "string" || typeof flow.nonce !== "string" || typeof flow.verifier !== "string") {
      throw new OidcError("This sign-in link has expired or was opened in another browser. Please start signing in again.");
    }
    const state = url.searchParams.get("state");
    if (!state || !sameText(state, flow.state)) {
      throw new OidcError("This sign-in answer does not belong to the sign-in you started. Please start signing in again.");
    }
    const providerError = url.searchParams.get("error");
    if (providerError) {
      const description = url.searchParams.get("error_description");
      throw new OidcError(`The sign-in provider did not sign you in (${description ?? providerError}).`);
    }
    const code = url.searchParams.get("code");
    if (!code) throw new OidcError("The sign-in provider sent no authorization code.");
    const metadata = await discover(this.settings.issuer);
    const { idToken } = await exchangeCode(metadata, this.settings, {
      code,
      redirectUri: this.redirectUri(request),
      codeVerifier: flow.verifier,
    });
    const key = await signingKeyFor(metadata, idToken);
    const claims = verifyIdToken(idToken, key, { issuer: metadata.issuer, clientId: this.settings.clientId, nonce: flow.nonce });
    return this.verify({ claims, request });
  }
}

/** Where to go after the provider's answer, from the flow cookie (a same-site path checked at the start). */
export async function flowRedirectTo(request: Request): Promise<string> {
  const flow = (await oidcFlowCookie().parse(request.headers.get("Cookie"))) as Partial<FlowState> | null;
  return typeof flow?.redirectTo === "string" ? flow.redirectTo : "/";
}

/** The Set-Cookie value that ends the flow cookie (one use only). */
export function clearFlowCookie(request: Request): Promise<string> {
  return oidcFlowCookie().serialize("", { secure: isSecureRequest(request), maxAge: 0, expires: new Date(0) });
}
