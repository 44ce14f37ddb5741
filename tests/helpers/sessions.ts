import * as tokenApi from "~/routes/api/auth.token";
import * as login from "~/routes/login";
import { type Answer, cookieOf, formPost, ORIGIN, run } from "./accounts";

let ipCounter = 0;
/** A client address of its own per call, so the sign-in limiter never mixes unrelated tests. */
export const freshIp = () => ({ clientIp: `198.51.100.${(++ipCounter % 250) + 1}` });

export function signUp(firstName: string, email: string, password: string, headers: Record<string, string> = {}): Promise<Answer> {
  return run(login.action, formPost("/login", { intent: "signup", firstName, email, password, redirectTo: "/" }, headers), {}, freshIp());
}

export function signIn(email: string, password: string, headers: Record<string, string> = {}): Promise<Answer> {
  return run(login.action, formPost("/login", { intent: "signin", email, password, redirectTo: "/" }, headers), {}, freshIp());
}

/** Every `name=value` a response sets, by name. */
export function setCookies(answer: Answer): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const header of answer.headers.getSetCookie()) {
    const pair = header.split(";")[0];
    cookies.set(pair.slice(0, pair.indexOf("=")), pair);
  }
  return cookies;
}

export { cookieOf };

/** A bearer token for a cookie session, as a signed-in page would fetch it. */
export async function bearerFor(cookie: string): Promise<string> {
  const request = new Request(`${ORIGIN}/api/auth/token`, { method: "POST", headers: { Origin: ORIGIN, Cookie: cookie } });
  const answer = await run(tokenApi.action, request);
  if (answer.status !== 200) throw new Error(`no token (status ${answer.status})`);
  return answer.body.token;
}
