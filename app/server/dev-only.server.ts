import { data } from "react-router";
import { ACCESS_DENIED_MESSAGE } from "~/routes/test/dev-only-boundary";
import { env } from "./env.server";

export function isDevelopment(): boolean {
  return env().NODE_ENV === "development";
}

/**
 * Guard for the /test* pages (showcases and health checks for developers): outside NODE_ENV=development it
 * throws a 403 whose body is the spec's Access Denied text, which the pages' error view shows as it is.
 */
export function requireDevelopment(): void {
  if (!isDevelopment()) throw data(ACCESS_DENIED_MESSAGE, { status: 403 });
}
