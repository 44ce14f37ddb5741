import "~/styles/dev-pages.css";
import { Link } from "react-router";
import { siteNameFromMatches } from "~/components/use-site-name";
import { requireDevelopment } from "~/server/dev-only.server";
import type { Route } from "./+types/api";
import { DevPageError, devPageMeta } from "./dev-only-boundary";

const ENDPOINTS = ["/api/health", "/api/stats"] as const;
const TIMEOUT_MS = 5_000;

export interface ApiCheck {
  endpoint: string;
  ok: boolean;
  status: number | null;
  durationMs: number;
  body: unknown;
  error: string | null;
}

/** One real HTTP call to this same server, as a client would make it: status, time and the JSON answer. */
async function check(origin: string, endpoint: string): Promise<ApiCheck> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const response = await fetch(new URL(endpoint, origin), {
      headers: { Accept: "application/json" },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const text = await response.text();
    let body: unknown = text;
    let error: string | null = null;
    try {
      body = JSON.parse(text);
    } catch {
      error = "Invalid response format";
    }
    if (!response.ok) error = `HTTP error! status: ${response.status}`;
    return { endpoint, ok: error === null, status: response.status, durationMs: elapsed(), body, error };
  } catch (failure) {
    return { endpoint, ok: false, status: null, durationMs: elapsed(), body: null, error: (failure as Error).message };
  }
}

/** /test/api: calls the API over HTTP from the server (the same origin the page was requested on). */
export async function loader({ request }: Route.LoaderArgs) {
  requireDevelopment();
  const origin = new URL(request.url).origin;
  const checks = await Promise.all(ENDPOINTS.map((endpoint) => check(origin, endpoint)));
  return { origin, checks, checkedAt: new Date().toISOString() };
}

export const meta: Route.MetaFunction = ({ error, matches }) => devPageMeta("API health", siteNameFromMatches(matches), error);

export default function ApiHealth({ loaderData }: Route.ComponentProps) {
  const { origin, checks, checkedAt } = loaderData;
  const healthy = checks.every((c) => c.ok);
  return (
    <section className="dev-page" aria-labelledby="dev-title">
      <h1 id="dev-title">API health</h1>
      <p className="dev-page__note">
        Called from the server at {checkedAt} against {origin}.{" "}
        <strong data-testid="api-summary">{healthy ? "All endpoints answered." : "Some endpoints failed."}</strong>
      </p>
      {checks.map((c) => (
        <section key={c.endpoint} className="dev-page__section" aria-labelledby={`check${c.endpoint.replaceAll("/", "-")}`} data-endpoint={c.endpoint}>
          <h2 id={`check${c.endpoint.replaceAll("/", "-")}`}>
            <code>GET {c.endpoint}</code>
          </h2>
          <p>
            <span className={c.ok ? "dev-page__ok" : "dev-page__failed"}>{c.ok ? "OK" : "Failed"}</span>
            {" · "}status {c.status ?? "none"} · {c.durationMs} ms{c.error && ` · ${c.error}`}
          </p>
          <pre className="dev-page__json">{JSON.stringify(c.body, null, 2)}</pre>
        </section>
      ))}
      <p>
        <Link to="/test/api" reloadDocument>
          Run again
        </Link>{" "}
        · <Link to="/test">Development pages</Link>
      </p>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <DevPageError error={error} />;
}
