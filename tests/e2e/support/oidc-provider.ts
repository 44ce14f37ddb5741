import { generateKeyPairSync, randomBytes } from "node:crypto";
import type { Server } from "node:http";
import Provider from "oidc-provider";

export interface TestAccount {
  sub: string;
  email: string;
  given_name: string;
  name: string;
}

export interface RunningProvider {
  /** While true, the token endpoint's ID token comes back with its payload altered (signature kept). */
  tamper: { idToken: boolean };
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (oidc-provider) on loopback with one registered confidential client and the
 * package's development login/consent pages: any login name signs in as that account. PKCE is required, and
 * ID tokens carry the profile and email claims (so the site needs no userinfo call).
 */
export async function startTestProvider(options: {
  issuer: string;
  port: number;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  accounts: Record<string, TestAccount>;
}): Promise<RunningProvider> {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: "jwk" }), kid: "e2e-signing-key", use: "sig", alg: "RS256" };
  const provider = new Provider(options.issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    jwks: { keys: [jwk as never] },
    cookies: { keys: [randomBytes(16).toString("hex")] },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "given_name"] },
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx, id) {
      const account = options.accounts[id];
      if (!account) return undefined;
      return { accountId: id, claims: async () => ({ ...account, email_verified: true }) };
    },
  });
  const tamper = { idToken: false };
  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { id_token?: unknown } | undefined;
    if (tamper.idToken && ctx.path === "/token" && body && typeof body.id_token === "string") {
      const [header, payload, signature] = body.id_token.split(".");
      const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
      claims.sub = "someone-else";
      body.id_token = `${header}.${Buffer.from(JSON.stringify(claims)).toString("base64url")}.${signature}`;
    }
  });
  const server: Server = await new Promise((resolve) => {
    const listening = provider.listen(options.port, "127.0.0.1", () => resolve(listening));
  });
  return {
    tamper,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
