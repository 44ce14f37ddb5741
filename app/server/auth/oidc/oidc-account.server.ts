import { Authenticator } from "remix-auth";
import type { DB } from "../../db.server";
import type { User } from "../../db/schema";
import { createUser, findUserByEmail } from "../../models/user.server";
import { findUserByIdentity, linkIdentity } from "../../models/user-identity.server";
import type { IdTokenClaims } from "./id-token.server";
import { OidcError, type OidcSettings, OidcStrategy } from "./oidc.server";

/** The first name for the user menu: given_name, else the first word of name, else the email's local part. */
export function firstNameFromClaims(claims: Pick<IdTokenClaims, "given_name" | "name" | "email">): string {
  const candidates = [claims.given_name, claims.name?.trim().split(/\s+/)[0], claims.email?.split("@")[0]];
  const chosen = candidates.find((value): value is string => typeof value === "string" && value.trim() !== "") ?? "Reader";
  return chosen.trim().slice(0, 100);
}

/**
 * The account for a provider's user. Accounts are matched by (issuer, subject) only, never by email: a
 * provider's email claim is not proof of owning an account here, so an existing account with the same email
 * is linked only when its owner is signed in while coming back from the provider (`currentUser`), which proves
 * both. Without that, a clash with an existing email is refused with a message saying how to link.
 */
export async function accountForClaims(
  db: DB,
  settings: OidcSettings,
  claims: IdTokenClaims,
  currentUser: User | null,
): Promise<User> {
  const email = typeof claims.email === "string" && claims.email.trim() !== "" ? claims.email.trim() : null;
  const known = await findUserByIdentity(db, claims.iss, claims.sub, email);
  if (known) return known;
  if (currentUser) {
    await linkIdentity(db, currentUser.id, claims.iss, claims.sub, email);
    return (await findUserByIdentity(db, claims.iss, claims.sub, email)) ?? currentUser;
  }
  if (!email || email.length > 254) {
    throw new OidcError(`${settings.name} did not share an email address, which an account here needs.`);
  }
  if (await findUserByEmail(db, email)) {
    throw new OidcError(
      `An account with the email ${email} already exists. Sign in with your password first, then use 'Sign in with ${settings.name}' once to link the two.`,
    );
  }
  const created = await createUser(db, { email, passwordHash: null, firstName: firstNameFromClaims(claims) });
  if (!created) throw new OidcError(`An account with the email ${email} already exists.`);
  if (!(await linkIdentity(db, created.id, claims.iss, claims.sub, email))) {
    // Another sign-in of the same provider user won the race: use its account, drop ours.
    await db.deleteFrom("users").where("id", "=", created.id).execute();
    const winner = await findUserByIdentity(db, claims.iss, claims.sub, email);
    if (!winner) throw new OidcError("Signing in failed; please try again.");
    return winner;
  }
  return created;
}

/** A remix-auth Authenticator holding the OpenID Connect strategy. */
export function createOidcAuthenticator(db: DB, settings: OidcSettings, currentUser: User | null): Authenticator<User> {
  const authenticator = new Authenticator<User>();
  authenticator.use(new OidcStrategy(settings, ({ claims }) => accountForClaims(db, settings, claims, currentUser)), "oidc");
  return authenticator;
}
