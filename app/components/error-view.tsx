import type { ReactNode } from "react";

/** A route's error boundary: the heading names what went wrong, the children offer a way on. */
export function ErrorView({ title, alert, children }: { title: ReactNode; alert?: boolean; children: ReactNode }) {
  return (
    <section className="error-view" aria-labelledby="error-heading">
      <h1 id="error-heading" role={alert ? "alert" : undefined}>
        {title}
      </h1>
      {children}
    </section>
  );
}
