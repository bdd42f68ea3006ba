import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeadsPage } from '../../contracts/leads';
import type { SimulatorState } from '../../contracts/simulator';
import { startE2E, type E2E } from './harness';

// Analytics E2E: a comment that fires a rule brings messages, a DM and a lead; converting the lead
// with a value changes revenue and conversion rate on /analytics. Every tab, light and dark.

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.stop();
});

const tabs = ['Overview', 'Lead Performance', 'Automation', 'Recent Activity'];

async function shootTabs(page: Page, theme: 'light' | 'dark') {
  for (const tab of tabs) {
    await page.getByRole('tab', { name: tab }).click();
    await page.waitForTimeout(300);
    await e2e.screenshot(page, `analytics-${tab.toLowerCase().replace(/ /g, '-')}-${theme}`);
  }
}

describe('/analytics', () => {
  it('converting a lead with a value changes revenue and conversion rate; each tab renders light and dark', async () => {
    const page = await e2e.newPage();
    const email = `analytics-e2e-${Date.now()}@example.com`;
    expect((await page.request.post('/api/auth/register', { data: { firstName: 'Ana', lastName: 'Lytics', email, password: 'secret12' } })).status()).toBe(201);

    await page.goto('/analytics');
    await expect.poll(() => page.getByTestId('analytics-total-leads').textContent(), { timeout: 15_000 }).toBe('0');
    await page.getByText('No data yet: messages').waitFor();
    await e2e.screenshot(page, 'analytics-empty');

    expect(
      (
        await page.request.post('/api/comment-rules', { data: { platform: 'instagram', keywords: ['price'], responseTemplate: 'Prices: example.com/p' } })
      ).status(),
    ).toBe(201);
    const sim = (await (await page.request.get('/api/simulator')).json()) as SimulatorState;
    const ig = sim.accounts.find((a) => a.platform === 'instagram')!;
    const post = sim.posts.find((p) => p.accountId === ig.id)!;
    const comment = await page.request.post('/api/simulator/comments', {
      data: { accountId: ig.id, postId: post.externalId, contact: { externalUserId: 'sim-ana', name: 'Ana Buyer', username: 'ana.buys' }, text: 'price?' },
    });
    expect(comment.status()).toBe(202);
    const leads = async () => (await (await page.request.get('/api/leads')).json()) as LeadsPage;
    await expect.poll(async () => (await leads()).leads.length, { timeout: 10_000 }).toBe(1);

    await page.reload();
    await expect.poll(() => page.getByTestId('analytics-total-leads').textContent(), { timeout: 15_000 }).toBe('1');
    expect(await page.getByTestId('analytics-revenue').textContent()).toBe('$0.00');
    expect(await page.getByTestId('analytics-conversion-rate').textContent()).toBe('0%');

    const lead = (await leads()).leads[0]!;
    expect((await page.request.patch(`/api/leads/${lead.id}`, { data: { status: 'converted', value: 12500 } })).status()).toBe(200);
    await page.reload();
    await expect.poll(() => page.getByTestId('analytics-revenue').textContent(), { timeout: 15_000 }).toBe('$125.00');
    expect(await page.getByTestId('analytics-conversion-rate').textContent()).toBe('100%');
    expect(await page.getByTestId('analytics-conversions').textContent()).toBe('1');

    // The timeframe toggle refetches every figure (the same day's events are in all three).
    await page.getByRole('button', { name: '7d' }).click();
    await expect.poll(() => page.getByTestId('analytics-revenue').textContent(), { timeout: 15_000 }).toBe('$125.00');
    await shootTabs(page, 'light');

    await page.evaluate(() => localStorage.setItem('replypilot-theme', 'dark'));
    // /premium-analytics is an alias: it redirects to the one analytics page.
    await page.goto('/premium-analytics');
    await page.waitForURL('**/analytics');
    await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
    await expect.poll(() => page.getByTestId('analytics-revenue').textContent(), { timeout: 15_000 }).toBe('$125.00');
    await shootTabs(page, 'dark');
  });
});
