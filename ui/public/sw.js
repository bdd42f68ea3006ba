// Replypilot service worker (registered from /sw.js, docs/product-spec.md §7): deliberately a passthrough.
// It has no fetch handler, so every request goes straight to the network exactly as without a
// service worker (a no-op fetch handler would only add start-up cost to each navigation). It caches
// nothing, so a deploy can never be shadowed by a stale bundle.
self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});
