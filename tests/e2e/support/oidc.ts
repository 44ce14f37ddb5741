import { E2E_PORT } from "./state";

/**
 * The OpenID Connect provider the e2e site is configured with. tests/e2e/oidc.spec.ts starts it (a real
 * oidc-provider) on this port; the site only contacts it when someone signs in with it, so the other specs
 * run without it.
 */
export const OIDC_E2E = {
  port: E2E_PORT + 1000,
  issuer: `http://127.0.0.1:${E2E_PORT + 1000}`,
  clientId: "poetry-commons-e2e",
  clientSecret: "e2e-client-secret-not-for-production",
  name: "Test Provider",
  redirectUri: `http://127.0.0.1:${E2E_PORT}/auth/oidc/callback`,
} as const;

export function oidcServerEnv(): Record<string, string> {
  return {
    OIDC_ISSUER: OIDC_E2E.issuer,
    OIDC_CLIENT_ID: OIDC_E2E.clientId,
    OIDC_CLIENT_SECRET: OIDC_E2E.clientSecret,
    OIDC_NAME: OIDC_E2E.name,
  };
}
