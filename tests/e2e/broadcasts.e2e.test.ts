import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxItem, SimulatorState } from '../../contracts/simulator';
import { screenshotDir, startE2E, type E2E } from './harness';

// Broadcasts E2E: sandbox contacts write in (opening Meta's 24-hour window), one only comments (the
// window leaves them out); Send asks first with the audience, who is left out and why, and the time
// it takes; then the broadcast goes to them and its progress bar fills to 100%. Screenshots of the
// composer, the confirmation (light, dark, 390 px) and the result.

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.stop();
});

async function registerFresh(page: Page) {
  const email = `broadcasts-e2e-${Date.now()}@example.com`;
  const res = await page.request.post('/api/auth/register', { data: { firstName: 'Bea', lastName: 'Broadcast', email, password: 'secret12' } });
  expect(res.status()).toBe(201);
}

describe('/broadcasts', () => {
  it('sends a broadcast to the sandbox contacts and the progress bar finishes', async () => {
    const page = await e2e.newPage();
    await registerFresh(page);
    const sim = (await (await page.request.get('/api/simulator')).json()) as SimulatorState;
    const ig = sim.accounts.find((a) => a.platform === 'instagram')!;
    const fb = sim.accounts.find((a) => a.platform === 'facebook')!;
    const people = [
      { accountId: ig.id, contact: { externalUserId: 'sim-ana', name: 'Ana Park', username: 'ana.park' } },
      { accountId: ig.id, contact: { externalUserId: 'sim-ben', name: 'Ben Ode', username: 'ben.ode' } },
      { accountId: fb.id, contact: { externalUserId: 'sim-cy', name: 'Cy Moss', username: 'cy.moss' } },
    ];
    for (const p of people) {
      expect((await page.request.post('/api/simulator/messages', { data: { ...p, text: 'Hi! Any news?' } })).status()).toBe(202);
    }
    // Dee only commented: she never wrote a DM, so Meta's window leaves her out.
    const post = sim.posts.find((p) => p.accountId === ig.id)!;
    const dee = { externalUserId: 'sim-dee', name: 'Dee Lane', username: 'dee.lane' };
    expect(
      (await page.request.post('/api/simulator/comments', { data: { accountId: ig.id, postId: post.externalId, contact: dee, text: 'Nice!' } })).status(),
    ).toBe(202);

    await page.goto('/broadcasts');
    await page.getByRole('heading', { name: 'Broadcasts' }).waitFor();
    // The audience counts the three once the inbound pipeline has stored them.
    await expect.poll(() => page.getByRole('button', { name: /Send now to/ }).textContent(), { timeout: 20_000 }).toContain('3 contacts');
    const audience = page.getByLabel('Audience');
    expect(await audience.textContent()).toContain("Inside Meta's 24-hour window3");
    expect(await audience.textContent()).toContain('No Messenger message tag applies to a broadcast');

    await page.getByLabel('Name', { exact: true }).fill('Weekend drop');
    await page.getByLabel('Message', { exact: true }).fill('New colours are in this weekend');
    await page.getByLabel('Link (optional)').fill('https://shop.example/drop');
    // Track links is on by default: each recipient's link becomes a /l/<code> of their own.
    expect(await page.getByLabel(/Track links/).isChecked()).toBe(true);
    await expect.poll(async () => (await audience.textContent()) ?? '', { timeout: 20_000 }).toContain('4 contacts match');
    await e2e.screenshot(page, 'broadcasts-compose');

    // Send asks first: whom it reaches, who is left out and why, how long it takes, and the message.
    await page.getByRole('button', { name: 'Send now to 3 contacts' }).click();
    const confirm = page.getByTestId('broadcast-confirm');
    await confirm.waitFor();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByRole('heading').textContent()).toBe('Send “Weekend drop” now?');
    const said = (await confirm.textContent()) ?? '';
    expect(said).toContain('It goes to 3 contacts of the 4 contacts this segment matches.');
    expect(said).toContain('Instagram: 2 at 100 DMs a second — under a second');
    expect(said).toContain('Messenger: 1 at 300 DMs a second — under a second');
    expect(said).toContain('Not sent to 1 contact:');
    expect(said).toMatch(/Has never messaged this account.*1/);
    expect(said).toContain('All of them are outside Meta’s 24-hour window');
    expect(said).toContain('Time to send: under a second, at each account’s send rate.');
    expect(await dialog.getByLabel('Message').textContent()).toBe('New colours are in this weekend\nhttps://shop.example/drop');
    await page.screenshot({ path: path.join(screenshotDir, 'broadcasts-confirm.png') }); // the viewport: a full-page shot misplaces the modal's overlay
    // Keep editing sends nothing.
    await dialog.getByRole('button', { name: 'Keep editing' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(((await (await page.request.get('/api/broadcasts')).json()) as { broadcasts: unknown[] }).broadcasts).toEqual([]);
    // The same dialog on a phone and in dark mode.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Send now to 3 contacts' }).click();
    await confirm.waitFor();
    await page.screenshot({ path: path.join(screenshotDir, 'broadcasts-confirm-phone.png') }); // the viewport: a full-page shot misplaces the modal's overlay
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    await page.getByRole('button', { name: 'Keep editing' }).click();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.evaluate(() => document.documentElement.classList.add('dark'));
    await page.getByRole('button', { name: 'Send now to 3 contacts' }).click();
    await confirm.waitFor();
    await page.screenshot({ path: path.join(screenshotDir, 'broadcasts-confirm-dark.png') }); // the viewport: a full-page shot misplaces the modal's overlay
    await page.evaluate(() => document.documentElement.classList.remove('dark'));
    await page.getByRole('dialog').getByRole('button', { name: 'Send to 3 contacts' }).click();

    const card = page.getByTestId('broadcast').filter({ hasText: 'Weekend drop' });
    await card.waitFor();
    const bar = card.getByRole('progressbar');
    await expect.poll(() => bar.getAttribute('aria-valuenow'), { timeout: 30_000 }).toBe('100');
    await expect.poll(() => card.textContent(), { timeout: 15_000 }).toContain('Completed');
    expect(await card.getByTestId('broadcast-counts').textContent()).toContain('3 sent · 0 queued · 0 failed · 1 skipped');
    await page.evaluate(() => window.scrollTo(0, 0));
    await e2e.screenshot(page, 'broadcasts-sent');

    // The sandbox "platform" received each message once, with a tracked link of its own.
    const items = (await (await page.request.get('/api/simulator/outbox?limit=200')).json()) as OutboxItem[];
    const sent = items.filter((i) => i.text.startsWith('New colours are in this weekend\n'));
    expect(sent.map((i) => i.recipientExternalId).sort()).toEqual(['sim-ana', 'sim-ben', 'sim-cy']);
    const codes = sent.map((i) => /\/l\/([A-Za-z0-9]{12})$/.exec(i.text)?.[1]);
    expect(new Set(codes).size).toBe(3);
    expect(codes.every(Boolean)).toBe(true);
    const click = await page.request.get(`/l/${codes[0]}`, { maxRedirects: 0 });
    expect(click.status()).toBe(302);
    expect(click.headers()['location']).toBe('https://shop.example/drop');
  });
});
