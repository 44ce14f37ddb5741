import { redirect } from "react-router";
import { safeRedirectPath } from "~/lib/redirect-path";
import { endSession } from "~/server/auth/auth.server";
import { requireSameOrigin } from "~/server/auth/origin.server";
import { readForm } from "~/server/form.server";
import type { Route } from "./+types/logout";

/** POST /logout: revokes the session in the database, clears the cookie and goes home (or `redirectTo`). */
export async function action({ request }: Route.ActionArgs) {
  requireSameOrigin(request);
  const form = await readForm(request);
  const cookie = await endSession(request);
  return redirect(safeRedirectPath(form.get("redirectTo")) ?? "/", { status: 303, headers: { "Set-Cookie": cookie } });
}

/** Signing out is never a GET (a link or a prefetch must not sign anyone out): show the home page instead. */
export function loader() {
  return redirect("/");
}
