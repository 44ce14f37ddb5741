import { z } from "zod";
import { siteNameFromMatches } from "~/components/use-site-name";
import { publicPageHeaders } from "~/lib/cache-headers";
import { documented, documentRoute } from "~/server/openapi/define.server";
import { buildOpenApiDocument } from "~/server/openapi/document.server";
import { referenceOf } from "~/server/openapi/reference.server";
import { absoluteUrl } from "~/server/site-url.server";
import "~/styles/api-docs.css";
import type { Route } from "./+types/docs";

// The same for every reader: shared caches may keep it.
export const headers: Route.HeadersFunction = publicPageHeaders;

const openapi = documentRoute("/api/docs", {
  get: {
    tag: "Service",
    access: "public",
    summary: "This reference, as a web page",
    responses: { 200: { description: "The HTML page", schema: z.string(), contentType: "text/html" } },
  },
});

/** GET /api/docs: the API reference, rendered on the server from the same document as /api/openapi.json. */
export const loader = documented(openapi, function loader({ request }: Route.LoaderArgs) {
  return {
    reference: referenceOf(buildOpenApiDocument({ serverUrl: absoluteUrl(request, "/") })),
    canonical: absoluteUrl(request, "/api/docs"),
  };
});

export const meta: Route.MetaFunction = ({ data, matches }) => [
  { title: `API reference | ${siteNameFromMatches(matches)}` },
  { name: "description", content: "Every call of the public JSON API: parameters, answers and examples." },
  ...(data ? [{ tagName: "link", rel: "canonical", href: data.canonical }] : []),
];


type Operation = Route.ComponentProps["loaderData"]["reference"]["tags"][number]["operations"][number];

function OperationEntry({ operation }: { operation: Operation }) {
  const headingId = `${operation.id}-title`;
  return (
    <article className="api-docs__operation" id={operation.id} aria-labelledby={headingId}>
      <h3 id={headingId}>
        <span className={`api-docs__method api-docs__method--${operation.method.toLowerCase()}`}>{operation.method}</span>{" "}
        <code>{operation.path}</code>
      </h3>
      <p className="api-docs__summary">{operation.summary}</p>
      {operation.description && <p>{operation.description}</p>}
      <p className="api-docs__access">
        {operation.access === "public"
          ? "Public: no sign-in, callable from any site (CORS)."
          : operation.access === "site"
            ? "This site's own pages: no sign-in, but not callable from other sites."
            : "Personal: needs the session cookie or a bearer token from POST /api/auth/token; not callable from other sites."}
      </p>
      {operation.parameters.length > 0 && (
        <table className="api-docs__params">
          <caption>Parameters</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">In</th>
              <th scope="col">Type</th>
              <th scope="col">Required</th>
              <th scope="col">Default</th>
              <th scope="col">Notes</th>
            </tr>
          </thead>
          <tbody>
            {operation.parameters.map((p) => (
              <tr key={`${p.in}-${p.name}`}>
                <th scope="row">
                  <code>{p.name}</code>
                </th>
                <td>{p.in}</td>
                <td>
                  <code>{p.shape}</code>
                </td>
                <td>{p.required ? "yes" : "no"}</td>
                <td>{p.defaultValue ? <code>{p.defaultValue}</code> : "—"}</td>
                <td>{p.description ?? ""}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {operation.requestBody && (
        <>
          <h4>Request body</h4>
          <p>
            <code>application/json</code>
          </p>
          <pre className="api-docs__shape" tabIndex={0}>
            <code>{operation.requestBody}</code>
          </pre>
        </>
      )}
      <h4>Responses</h4>
      <dl className="api-docs__responses">
        {operation.responses.map((r) => (
          <div key={r.status} className="api-docs__response">
            <dt>
              <strong>{r.status}</strong> {r.description}
            </dt>
            <dd>
              <p>
                <code>{r.contentType}</code>
                {r.headers.length > 0 && <> · headers {r.headers.join(", ")}</>}
              </p>
              <pre className="api-docs__shape" tabIndex={0}>
                <code>{r.shape}</code>
              </pre>
              {r.example && (
                <details>
                  <summary>Example</summary>
                  <pre tabIndex={0}>
                    <code>{r.example}</code>
                  </pre>
                </details>
              )}
            </dd>
          </div>
        ))}
      </dl>
    </article>
  );
}

export default function ApiDocs({ loaderData }: Route.ComponentProps) {
  const { reference } = loaderData;
  return (
    <article className="api-docs" aria-labelledby="api-docs-title">
      <header>
        <h1 id="api-docs-title">{reference.title}</h1>
        <p>{reference.description}</p>
        <p>
          Base address <code>{reference.serverUrl}</code>. The machine-readable description is{" "}
          <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).
        </p>
      </header>
      <nav aria-labelledby="api-docs-contents">
        <h2 id="api-docs-contents">Contents</h2>
        <ul>
          {reference.tags.map((tag) => (
            <li key={tag.name}>
              {tag.name}
              <ul>
                {tag.operations.map((o) => (
                  <li key={o.id}>
                    <a href={`#${o.id}`}>
                      {o.method} {o.path}
                    </a>
                  </li>
                ))}
              </ul>
            </li>
          ))}
          <li>
            <a href="#api-docs-schemas">Schemas</a>
          </li>
        </ul>
      </nav>
      {reference.tags.map((tag) => (
        <section key={tag.name} aria-labelledby={`tag-${tag.name}`}>
          <h2 id={`tag-${tag.name}`}>{tag.name}</h2>
          {tag.operations.map((o) => (
            <OperationEntry key={o.id} operation={o} />
          ))}
        </section>
      ))}
      <section aria-labelledby="api-docs-schemas">
        <h2 id="api-docs-schemas">Schemas</h2>
        {reference.schemas.map((s) => (
          <section key={s.name} id={`schema-${s.name}`} aria-labelledby={`schema-${s.name}-title`}>
            <h3 id={`schema-${s.name}-title`}>{s.name}</h3>
            {s.description && <p>{s.description}</p>}
            <pre className="api-docs__shape" tabIndex={0}>
              <code>{s.shape}</code>
            </pre>
          </section>
        ))}
      </section>
    </article>
  );
}
