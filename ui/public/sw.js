// Replypilot service worker (registered from /sw.js, docs/product-spec.md §7). Fetches are not
// handled, so every request goes straight to the network exactly as without a service worker (a
// no-op fetch handler would only add start-up cost to each navigation); it caches nothing, so a
// deploy can never be shadowed by a stale bundle. It shows Web Push notifications (ADR 0045,
// contracts/push.ts: {title, body, url, tag}) and opens their thread when one is pressed.
self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const url = typeof data.url === 'string' && data.url.startsWith('/') ? data.url : '/inbox';
  event.waitUntil(
    self.registration.showNotification(data.title || 'Replypilot', {
      body: data.body || '',
      tag: data.tag || undefined,
      renotify: Boolean(data.tag),
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url },
    }),
  );
});

// Pressing a notification lands in its thread: a Replypilot tab already open is navigated there
// and focused, otherwise a new window opens on it. (A named function: the browser test calls it with
// a shown notification's data, since no browser protocol presses a notification.)
self.landInThread = async (path) => {
  const url = new URL(path || '/inbox', self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
  if (!open) return self.clients.openWindow(url);
  const landed = await open.navigate(url);
  await open.focus().catch(() => undefined);
  return landed;
};

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(self.landInThread(event.notification.data?.url));
});
