import { expect, it } from 'vitest';
import { useE2E } from '../support/use-e2e';

// The phone inbox (ADR 0045) on the built UI: the manifest and its icons, the service worker
// registered from /sw.js showing a push delivered to it (DevTools' ServiceWorker.deliverPushMessage,
// as the browser's push service would), and the notification's thread opened from it; the
// "Notifications on this device" switch in Settings; the inbox at 390 px.
const fx = useE2E();

it('installs as an app, shows a pushed notification and lands in its thread', async () => {
  const page = await fx.e2e.newPage();
  const { workspaceId } = await fx.register(page, { firstName: 'Pia', lastName: 'Phone' });
  const sim = (await (await page.request.get('/api/simulator')).json()) as { accounts: { id: string; platform: string }[] };
  const messenger = sim.accounts.find((a) => a.platform === 'facebook')!;
  const contact = { externalUserId: 'sim-maya', name: 'Maya Chen', username: 'maya.creates' };
  expect((await page.request.post('/api/simulator/messages', { data: { accountId: messenger.id, contact, text: 'Is the blue one in stock?' } })).status()).toBe(
    202,
  );
  let conversationId = '';
  await expect
    .poll(
      async () => {
        const list = (await (await page.request.get('/api/conversations')).json()) as { conversations: { id: string }[] };
        conversationId = list.conversations[0]?.id ?? '';
        return conversationId;
      },
      { timeout: 15_000 },
    )
    .not.toBe('');

  // Installable: the manifest, linked from the page, with icons that exist.
  await page.goto('/');
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = (await (await page.request.get(manifestHref!)).json()) as { start_url: string; display: string; icons: { src: string; type: string }[] };
  expect(manifest).toMatchObject({ start_url: '/inbox', display: 'standalone' });
  for (const icon of manifest.icons) {
    const res = await page.request.get(icon.src);
    expect(res.status(), icon.src).toBe(200);
    expect(res.headers()['content-type']).toContain(icon.type.split('+')[0]!);
  }

  // The service worker (production build) shows a push as a notification.
  const origin = new URL(page.url()).origin;
  await page.context().grantPermissions(['notifications'], { origin });
  await page.goto('/settings');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  const cdp = await page.context().newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const reg = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted);
      if (reg) resolve(reg.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const url = `/inbox?c=${conversationId}&workspace=${workspaceId}`;
  const data = JSON.stringify({ title: 'Maya Chen', body: 'Is the blue one in stock?', url, tag: `conversation:${conversationId}` });
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: await registrationId, data });
  const shown = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
        data: n.data as { url: string },
      })),
    );
  await expect
    .poll(shown, { timeout: 10_000 })
    .toEqual([{ title: 'Maya Chen', body: 'Is the blue one in stock?', tag: `conversation:${conversationId}`, data: { url } }]);

  // Pressing it: the worker's click handler with the notification's own URL lands this tab in the thread.
  const [worker] = page.context().serviceWorkers();
  expect(worker).toBeDefined();
  const notificationUrl = (await shown())[0]!.data.url;
  await worker!.evaluate((u) => (self as unknown as { landInThread(u: string): Promise<unknown> }).landInThread(u), notificationUrl);
  await expect.poll(() => page.url(), { timeout: 10_000 }).toContain(`c=${conversationId}`);
  await expect.poll(() => page.getByText('Is the blue one in stock?').count(), { timeout: 10_000 }).toBeGreaterThan(0);
  // The workspace parameter is dropped once the session acts in it.
  await expect.poll(() => new URL(page.url()).searchParams.get('workspace')).toBeNull();

  // The inbox on a phone, and the device switch in Settings.
  await page.setViewportSize({ width: 390, height: 844 });
  await fx.e2e.screenshot(page, 'push-inbox-thread-390');
  await page.goto('/settings');
  await page.getByText('Notifications on this device').first().scrollIntoViewIfNeeded();
  await expect.poll(() => page.getByRole('switch', { name: 'Notifications on this device' }).count()).toBe(1);
  await fx.e2e.screenshot(page, 'push-settings-390');
});
