// Every file of the build, kept in a cache named by the build's version: a
// second visit plays with the network off, and a new build (a new version)
// replaces the old cache once its files are all in.
// The build writes its version above (VERSION) and the files it holds (FILES).
const NAME = "tabletop-" + VERSION;

self.addEventListener("install", (ev) => {
  ev.waitUntil((async () => {
    const cache = await caches.open(NAME);
    // "no-cache": each file is asked of the server (no stale file of an older
    // build gets in), and one the page has just loaded is not sent again.
    await cache.addAll(FILES.map((f) => new Request(f, {cache: "no-cache"})));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (ev) => {
  ev.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("tabletop-") && name !== NAME) {
        await caches.delete(name);
      }
    }
    await self.clients.claim();
  })());
});

// The cache first (the query string of a deal is the page's own business); the
// network for what the cache lacks; sw.js itself is never served from here, so
// the browser sees a new build's worker.
self.addEventListener("fetch", (ev) => {
  const url = new URL(ev.request.url);
  if (url.origin !== location.origin || ev.request.method !== "GET") return;
  ev.respondWith((async () => {
    // The folder itself ("/games/") is its index.html, whatever the host does.
    const asked = url.pathname.endsWith("/") ? new URL("index.html", url) : ev.request;
    // caches.match, not caches.open: opening makes the cache again, and an old
    // build's worker answering a last request would bring back the cache its
    // successor has just removed.
    const hit = await caches.match(asked, {cacheName: NAME, ignoreSearch: true});
    return hit || fetch(ev.request);
  })());
});
