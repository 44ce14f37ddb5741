import { useHydrated } from "~/components/header/use-hydrated";
import { SignInButton } from "./sign-in-dialog";
import { useUser } from "./use-user";
import { UserMenu } from "./user-menu";

/** The header's account slot: Sign In (dialog, or /login without JavaScript), or the signed-in user's menu. */
export function AccountControls() {
  const user = useUser();
  const hydrated = useHydrated();
  if (user) return <UserMenu firstName={user.firstName} hydrated={hydrated} />;
  return <SignInButton hydrated={hydrated} className="site-header__sign-in" />;
}
