/*
 * The panel's service worker (ADR 0063): the offline page, and the public cards opened before
 * for when the network is gone. Pages always come from the network first; only a public, shareable
 * page (Cache-Control "public", as the card pages send) is kept, never a panel page (private).
 */
const VERSION = "v1";
const SHELL = `shell-${VERSION}`;
const PAGES = "pages";
const OFFLINE = "/offline.html";
const MAX_PAGES = 30;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(SHELL).then((c) => c.addAll([OFFLINE, "/icons/icon-192.png"])).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith("shell-") && k !== SHELL).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

async function keep(request, response) {
  const cache = await caches.open(PAGES);
  await cache.put(request, response);
  const keys = await cache.keys();
  for (const old of keys.slice(0, Math.max(0, keys.length - MAX_PAGES))) await cache.delete(old);
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET" || request.mode !== "navigate") return;
  event.respondWith(
    fetch(request)
      .then((response) => {
        const cc = response.headers.get("cache-control") || "";
        if (response.status === 200 && cc.startsWith("public") && !new URL(request.url).search) event.waitUntil(keep(request, response.clone()));
        return response;
      })
      .catch(async () => (await caches.match(request, { cacheName: PAGES })) || (await caches.match(OFFLINE)) || Response.error()),
  );
});
