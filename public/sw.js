/*
 * Poetry Commons offline worker (scope /).
 * - Push: shows the daily poem notification; a click opens (or focuses) that day's poem page.
 * - Offline reading: poem pages (/poems/…) are fetched from the network first and kept, so a poem read
 *   once opens again without a connection; the hashed build assets they need are kept on first use.
 * - Updates: a new version of this file waits until the page asks it to take over (the page's
 *   'A new version is available. Reload now?' prompt), so one tab never runs two versions at once.
 * Change VERSION whenever this file's behaviour changes: that is what makes browsers install the new one.
 */
const VERSION = "2026-11-23.1";
const PAGES = `poetry-pages-${VERSION}`;
const ASSETS = "poetry-assets";

self.addEventListener("install", () => {
  // Deliberately no skipWaiting(): the page decides, after asking the reader.
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith("poetry-pages-") && name !== PAGES) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "SKIP_WAITING") self.skipWaiting();
});

function isPoemPage(url, request) {
  return request.mode === "navigate" && /^\/poems\/[^/]+\/?$/.test(url.pathname) && url.pathname !== "/poems/random";
}

async function networkFirst(request) {
  const cache = await caches.open(PAGES);
  try {
    const response = await fetch(request);
    if (response.ok && response.type === "basic") await cache.put(request, response.clone());
    return response;
  } catch (error) {
    const cached = await cache.match(request, { ignoreVary: true });
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(ASSETS);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.type === "basic") await cache.put(request, response.clone());
  return response;
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (isPoemPage(url, request)) event.respondWith(networkFirst(request));
  // Build assets have content hashes in their names: a stored copy is always the right one.
  else if (url.pathname.startsWith("/assets/")) event.respondWith(cacheFirst(request));
});

self.addEventListener("push", (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : "" };
  }
  const title = message.title || "Poem of the Day";
  event.waitUntil(
    self.registration.showNotification(title, {
      body: message.body || "",
      // The same day's notification replaces itself: a repeated delivery is never shown twice.
      tag: message.tag || "daily-poem",
      icon: "/favicon.svg",
      data: { url: message.url || "/daily" },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL((event.notification.data && event.notification.data.url) || "/daily", self.location.origin);
  if (target.origin !== self.location.origin) return;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      for (const client of windows) {
        if (new URL(client.url).pathname === target.pathname && "focus" in client) return client.focus();
      }
      return self.clients.openWindow(target.href);
    })(),
  );
});
