import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimulatorState } from '../../contracts/simulator';
import { startE2E, type E2E } from './harness';

// Tracked links E2E: a comment rule's DM carries a tracked link through the simulator; opening it in
// the browser lands on the target, and /analytics → Automation shows the click-through and the
// median first response time.

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.stop();
});

describe('tracked links', () => {
  it('a DM link opened in the browser redirects to its target and shows as 100% CTR on /analytics', async () => {
    const page = await e2e.newPage();
    const email = `links-e2e-${Date.now()}@example.com`;
    expect((await page.request.post('/api/auth/register', { data: { firstName: 'Lin', lastName: 'Ks', email, password: 'secret12' } })).status()).toBe(201);

    // The target is a page of this server, so the browser needs no outside network.
    const target = `${e2e.baseUrl}/privacy`;
    const rule = await page.request.post('/api/comment-rules', {
      data: { platform: 'instagram', keywords: ['guide'], responseTemplate: `Here is the guide: ${target}` },
    });
    expect(rule.status()).toBe(201);
    const sim = (await (await page.request.get('/api/simulator')).json()) as SimulatorState;
    const ig = sim.accounts.find((a) => a.platform === 'instagram')!;
    const post = sim.posts.find((p) => p.accountId === ig.id)!;
    const lin = { externalUserId: 'sim-lin', name: 'Lin Reader', username: 'lin.reads' };
    // Lin writes first, then comments: the rule's reply is the conversation's first response.
    expect((await page.request.post('/api/simulator/messages', { data: { accountId: ig.id, contact: lin, text: 'hello' } })).status()).toBe(202);
    await expect
      .poll(async () => ((await (await page.request.get('/api/conversations')).json()) as { conversations: unknown[] }).conversations.length, {
        timeout: 15_000,
      })
      .toBe(1);
    const comment = await page.request.post('/api/simulator/comments', {
      data: {
        accountId: ig.id,
        postId: post.externalId,
        contact: { externalUserId: 'sim-lin', name: 'Lin Reader', username: 'lin.reads' },
        text: 'guide please',
      },
    });
    expect(comment.status()).toBe(202);

    const outbox = async () => (await (await page.request.get(`/api/simulator/outbox?accountId=${ig.id}`)).json()) as { text: string }[];
    await expect.poll(async () => (await outbox()).length, { timeout: 15_000 }).toBe(1);
    const link = /(\S+\/l\/[A-Za-z0-9]{12})/.exec((await outbox())[0]!.text)?.[1];
    expect(link).toBeDefined();
    expect(link).not.toContain('/privacy');

    await page.goto(link!);
    await expect.poll(() => page.url()).toBe(target);

    await page.goto('/analytics');
    await page.getByRole('tab', { name: 'Automation' }).click();
    await expect.poll(() => page.getByTestId('link-ctr').first().textContent(), { timeout: 15_000 }).toBe('100.0%');
    await page.getByTestId('median-first-response').waitFor();
    await page.waitForTimeout(300);
    await e2e.screenshot(page, 'analytics-automation-links');
  });
});
