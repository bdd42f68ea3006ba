import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startE2E, type E2E } from './harness';

// A newcomer reaches Growth links from the sidebar, creates a link for the sandbox Instagram account
// and a flow, and sees its ig.me URL, its QR code (downloadable PNG and SVG) and its starts (0).

let e2e: E2E;
let db: pg.Pool;
beforeAll(async () => {
  e2e = await startE2E();
  db = new pg.Pool({ connectionString: e2e.app.db.url, max: 2 });
});
afterAll(async () => {
  await db?.end();
  await e2e?.stop();
});

it('creates a growth link from the sidebar page and shows its link, QR code and starts', async () => {
  const page = await e2e.newPage();
  const email = `growth-${Date.now()}@example.com`;
  expect((await page.request.post('/api/auth/register', { data: { firstName: 'Gia', lastName: 'Grow', email, password: 'secret12' } })).status()).toBe(201);
  const flow = await page.request.post('/api/flows', {
    data: {
      name: 'Giveaway entry',
      platform: 'instagram',
      isActive: false,
      flowData: {
        nodes: [{ id: '1', type: 'trigger', position: { x: 0, y: 0 }, data: { kind: 'trigger', label: 'Start', config: { type: 'referral', keywords: [] } } }],
        edges: [],
      },
    },
  });
  expect(flow.status()).toBe(201);

  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Growth links' }).first().click();
  await page.getByRole('heading', { name: 'Growth links' }).waitFor();
  await page.getByLabel('Name', { exact: true }).fill('Poster in the shop');
  const account = page.getByLabel('Account', { exact: true });
  await account.selectOption({ index: 1 });
  await page.getByLabel('Flow to start').selectOption({ label: 'Giveaway entry' });
  await page.getByLabel('Tag (optional)').fill('from_poster');
  await page.getByRole('button', { name: 'Create link' }).click();
  await page.getByText('Poster in the shop').waitFor();
  await expect.poll(() => page.getByRole('link', { name: /^https:\/\/(ig\.me\/m|m\.me)\/.+\?ref=poster_in_the_shop_/ }).count()).toBe(1);
  await page.getByText('0 starts').waitFor();
  const qr = page.getByRole('img', { name: 'QR code for Poster in the shop' });
  await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const png = await page.request.get((await page.getByRole('link', { name: 'PNG' }).getAttribute('href'))!);
  expect(png.headers()['content-type']).toBe('image/png');
  expect(png.headers()['content-disposition']).toContain('attachment');
  await page.screenshot({ path: process.env.GROWTH_SHOT ?? '/tmp/growth-links.png', fullPage: true });
});
