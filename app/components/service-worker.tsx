import { useEffect } from "react";

export const UPDATE_PROMPT = "A new version is available. Reload now?";

/** Asks the reader before a waiting worker takes over; reloads once it controls the page. */
function offerUpdate(worker: ServiceWorker) {
  if (!window.confirm(UPDATE_PROMPT)) return;
  navigator.serviceWorker.addEventListener("controllerchange", () => window.location.reload(), { once: true });
  worker.postMessage({ type: "SKIP_WAITING" });
}

/**
 * Registers the offline worker (/sw.js, scope /) once the page has hydrated, and drives the update prompt:
 * a new worker that finishes installing while an older one controls the page is waiting, so we ask.
 */
export function ServiceWorkerRegistration() {
  useEffect(() => {
    if (!("serviceWorker" in navigator)) return;
    let cancelled = false;
    navigator.serviceWorker
      .register("/sw.js", { scope: "/", updateViaCache: "none" })
      .then((registration) => {
        if (cancelled) return;
        if (registration.waiting && navigator.serviceWorker.controller) offerUpdate(registration.waiting);
        registration.addEventListener("updatefound", () => {
          const installing = registration.installing;
          installing?.addEventListener("statechange", () => {
            if (installing.state !== "installed") return;
            if (navigator.serviceWorker.controller) offerUpdate(installing);
            else console.info("Poetry Commons is ready to work offline.");
          });
        });
      })
      .catch((error: unknown) => console.warn("Service worker registration failed:", error));
    return () => {
      cancelled = true;
    };
  }, []);
  return null;
}
