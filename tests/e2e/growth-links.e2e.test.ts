import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startMetaGraphFake, type MetaGraphFake } from '../fakes/meta-graph.fake';
import { fakePage, seedMetaAccounts } from '../support/meta-accounts';
import path from 'node:path';
import { screenshotDir, startE2E, type E2E } from './harness';

// A newcomer reaches Growth links from the sidebar, creates a link for the sandbox Instagram account
// and a flow, and sees its ig.me URL, its QR code (downloadable PNG and SVG) and its starts (0).
// Then, on a connected Instagram account (the Meta contract fake), sets an ice breaker from Connect
// Accounts and sees Meta hold it; opens an entry link and taps an ice breaker in the Simulator, whose
// flows answer; and sees that start in Analytics. One server and one fake for the file.

let e2e: E2E;
let db: pg.Pool;
let fake: MetaGraphFake;
beforeAll(async () => {
  fake = await startMetaGraphFake();
  e2e = await startE2E({ env: fake.env });
  db = new pg.Pool({ connectionString: e2e.app.db.url, max: 2 });
});
afterAll(async () => {
  await db?.end();
  await e2e?.stop();
  await fake?.stop();
});

const trigger = (type: string) => ({
  id: '1',
  type: 'default',
  position: { x: 0, y: 0 },
  data: { kind: 'trigger', label: 'Start', config: { type, keywords: [] } },
});
const dm = (text: string) => ({ id: '2', type: 'default', position: { x: 0, y: 150 }, data: { kind: 'instagramDM', label: 'Reply', config: { text } } });
const flowBody = (name: string, type: string, text: string) => ({
  name,
  platform: 'instagram',
  isActive: true,
  flowData: { nodes: [trigger(type), dm(text)], edges: [{ id: 'e1-next-2', source: '1', target: '2', sourceHandle: null }] },
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

it('edits ice breakers from Connect Accounts (Meta holds them), opens an entry link in the Simulator, and counts its start in Analytics', async () => {
  const page = await e2e.newPage();
  const reg = await page.request.post('/api/auth/register', {
    data: { firstName: 'Ivy', lastName: 'Ice', email: `ice-${Date.now()}@example.com`, password: 'secret12' },
  });
  expect(reg.status()).toBe(201);
  const workspaceId = ((await reg.json()) as { user: { workspaceId: string } }).user.workspaceId;
  const shop = fakePage('ice');
  fake.addPage(shop);
  await seedMetaAccounts(db, workspaceId, shop);
  const tapFlow = await page.request.post('/api/flows', { data: flowBody('Price list', 'postback', 'Here is the price list') });
  expect(tapFlow.status()).toBe(201);
  const tapFlowId = ((await tapFlow.json()) as { id: string }).id;
  const refFlow = await page.request.post('/api/flows', { data: flowBody('Poster welcome', 'referral', 'Welcome from the poster!') });
  expect(refFlow.status()).toBe(201);

  // Connect Accounts → the Instagram account's "Ice breakers & menu".
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Add Account' }).first().click();
  await page.getByRole('heading', { name: 'Your connected accounts' }).waitFor();
  await page.getByRole('button', { name: `Ice breakers & menu of @${shop.instagram!.username}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('heading', { name: 'On Instagram now' }).waitFor();
  await dialog.getByText('Nothing set.').first().waitFor();
  await dialog.getByRole('button', { name: 'Add a question' }).click();
  await dialog.getByLabel('Question 1', { exact: true }).fill('What are your prices?');
  await dialog.getByLabel('Flow for question 1').selectOption({ label: 'Price list' });
  await dialog.getByRole('button', { name: 'Save and push to Instagram' }).click();
  const pushed = dialog.getByRole('region', { name: 'Last pushed by Replypilot' });
  await pushed.getByText('“What are your prices?” starts “Price list”').waitFor();
  await dialog.getByRole('region', { name: 'On Instagram now' }).getByText('“What are your prices?” starts “Price list”').waitFor();
  expect(fake.messengerProfiles.get(`${shop.id}:instagram`)?.ice_breakers).toEqual([
    { locale: 'default', call_to_actions: [{ question: 'What are your prices?', payload: `flow:${tapFlowId}` }] },
  ]);
  // The viewport, not the full page: the dialog is fixed over it.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: path.join(screenshotDir, 'ice-breakers-editor-1440.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(screenshotDir, 'ice-breakers-editor-390.png') });
  await page.setViewportSize({ width: 1280, height: 800 });
  // The menu: a web link; an item left without a title is refused in the form, before Meta is asked.
  await dialog.getByRole('tab', { name: 'Persistent menu' }).click();
  await dialog.getByRole('button', { name: 'Add an item' }).click();
  await dialog.getByLabel('Item 1 does').selectOption({ label: 'Opens a link' });
  await dialog.getByLabel('Item 1 title').fill('Shop');
  await dialog.getByLabel('Link for item 1').fill('https://shop.example/');
  await dialog.getByRole('button', { name: 'Add an item' }).click();
  await dialog.getByRole('button', { name: 'Save and push to Instagram' }).click();
  await dialog.getByText('Default (every language) · item 2: Write the title').waitFor();
  expect(fake.messengerProfiles.get(`${shop.id}:instagram`)?.persistent_menu).toBeUndefined();
  await dialog.getByRole('button', { name: 'Remove item 2' }).click();
  await dialog.getByRole('button', { name: 'Save and push to Instagram' }).click();
  await dialog.getByRole('region', { name: 'On Instagram now' }).getByText('“Shop” opens https://shop.example/').waitFor();
  expect(fake.messengerProfiles.get(`${shop.id}:instagram`)?.persistent_menu).toEqual([
    { locale: 'default', call_to_actions: [{ type: 'web_url', title: 'Shop', url: 'https://shop.example/' }] },
  ]);
  await page.screenshot({ path: path.join(screenshotDir, 'persistent-menu-editor.png') });
  await dialog.getByRole('button', { name: 'Close' }).click();

  // An entry link on the sandbox Instagram account, opened in the Simulator by a pretend customer.
  const sim = (await (await page.request.get('/api/simulator')).json()) as { accounts: Array<{ id: string; platform: string }> };
  const sandboxIg = sim.accounts.find((a) => a.platform === 'instagram')!;
  const link = await page.request.post('/api/growth/links', {
    data: { name: 'Shop poster', accountId: sandboxIg.id, flowId: ((await refFlow.json()) as { id: string }).id, tag: 'from_poster' },
  });
  expect(link.status()).toBe(201);
  await page.getByRole('link', { name: 'Simulator' }).first().click();
  await page.getByRole('heading', { name: 'Or open an entry link' }).waitFor();
  await page.getByLabel('Entry link', { exact: true }).selectOption({ label: `Shop poster (ref ${((await link.json()) as { ref: string }).ref})` });
  await page.getByRole('button', { name: 'Open link' }).click();
  await page.getByRole('region', { name: 'What your customer sees' }).getByText('Welcome from the poster!').waitFor({ timeout: 30_000 });
  // A tap on the sandbox account's own ice breaker, set up from the Simulator, starts its flow.
  await page.getByRole('button', { name: 'Ice breakers & menu of @your.brand' }).click();
  await dialog.getByRole('button', { name: 'Add a question' }).click();
  await dialog.getByLabel('Question 1', { exact: true }).fill('Can I see prices?');
  await dialog.getByLabel('Flow for question 1').selectOption({ label: 'Price list' });
  await dialog.getByRole('button', { name: 'Save ice breakers' }).click();
  await dialog.getByRole('region', { name: 'Saved for the Simulator' }).getByText('“Can I see prices?” starts “Price list”').waitFor();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.getByLabel('What to tap').selectOption({ label: 'Ice breaker: “Can I see prices?”' });
  await page.getByRole('button', { name: 'Tap', exact: true }).click();
  await page.getByRole('region', { name: 'What your customer sees' }).getByText('Here is the price list').waitFor({ timeout: 30_000 });
  await e2e.screenshot(page, 'simulator-taps-and-links');

  // Analytics → Automation: the link's start this period, the same figure as Growth links'.
  await page.getByRole('link', { name: 'Analytics' }).first().click();
  await page.getByRole('tab', { name: 'Automation' }).click();
  const row = page.getByTestId('entry-links-table').getByRole('row', { name: /Shop poster/ });
  await expect.poll(() => row.getByTestId('entry-link-starts').textContent(), { timeout: 15_000 }).toBe('1');
  await page.getByTestId('entry-links-table').scrollIntoViewIfNeeded();
  await e2e.screenshot(page, 'analytics-entry-links');
});
