import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxItem, SimulatorState } from '../../contracts/simulator';
import { startE2E, type E2E } from './harness';

// Broadcasts E2E: sandbox contacts write in (opening Meta's 24-hour window), a broadcast goes to
// them from /broadcasts and its progress bar fills to 100%; screenshots of the composer and the result.

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
    await e2e.screenshot(page, 'broadcasts-compose');
    await page.getByRole('button', { name: 'Send now to 3 contacts' }).click();

    const card = page.getByTestId('broadcast').filter({ hasText: 'Weekend drop' });
    await card.waitFor();
    const bar = card.getByRole('progressbar');
    await expect.poll(() => bar.getAttribute('aria-valuenow'), { timeout: 30_000 }).toBe('100');
    await expect.poll(() => card.textContent(), { timeout: 15_000 }).toContain('completed');
    expect(await card.getByTestId('broadcast-counts').textContent()).toContain('3 sent · 0 queued · 0 failed · 0 skipped');
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
