import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from './harness';

// Comment rules: a keyword a live flow already answers is flagged when the rule is saved (with who
// wins); a rule can be edited (keywords, Track links); delete asks first. Screenshots desktop, phone (390 px) and dark.

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.stop();
});

describe('comment rules page', () => {
  it('warns about a keyword a live flow claims, edits a rule, and confirms before deleting', async () => {
    const page = await e2e.newPage();
    await page.setViewportSize({ width: 1440, height: 1000 });
    expect((await page.request.post('/api/auth/test-login', { data: { email: 'e2e-rules@replypilot.app' } })).status()).toBe(200);
    const flow = await page.request.post('/api/flows', {
      data: {
        name: 'Discount flow',
        platform: 'instagram',
        isActive: true,
        flowData: {
          nodes: [
            {
              id: '1',
              type: 'default',
              position: { x: 0, y: 0 },
              data: { label: 'Start', kind: 'trigger', config: { type: 'comment', keywords: ['discount'] } },
            },
            { id: '2', type: 'default', position: { x: 0, y: 150 }, data: { label: 'Instagram DM', kind: 'instagramDM', config: { text: 'From the flow' } } },
          ],
          edges: [{ id: 'e1-2', source: '1', target: '2' }],
        },
      },
    });
    expect(flow.status()).toBe(201);

    await page.goto('/comment-growth');
    await page.getByPlaceholder('e.g. price, link, info').fill('discount, promo');
    await page.getByPlaceholder('e.g. price, link, info').press('Enter');
    await page.getByLabel('Response template (private reply DM)').fill('Here is your code, {first_name}: NORA15');
    await page.getByRole('button', { name: 'Create Rule' }).click();
    const warning = page.getByTestId('keyword-clash');
    await warning.waitFor();
    expect(await warning.textContent()).toMatch(/“discount”: the live flow “Discount flow” listens for “discount”\. This rule answers those comments/);
    await e2e.screenshot(page, 'comment-rules-clash');

    // Edit: the keyword list changes in place, and the clash goes away.
    await page.getByRole('button', { name: /^Edit rule for discount, promo/ }).click();
    await page.getByLabel('Keywords (comma-separated)').fill('promo, coupon');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('button', { name: /^Edit rule for promo, coupon/ }).waitFor();

    // Edit: Track links (on for a new rule) can be turned off, and the dialog shows what is saved.
    const ruleId = async () =>
      ((await (await page.request.get('/api/comment-rules')).json()) as { id: string; keywords: string[]; trackLinks: boolean }[]).find((r) =>
        r.keywords.includes('coupon'),
      )!;
    expect((await ruleId()).trackLinks).toBe(true);
    await page.getByRole('button', { name: /^Edit rule for promo, coupon/ }).click();
    const track = page.getByRole('dialog').getByLabel(/^Track links/);
    expect(await track.isChecked()).toBe(true);
    await track.uncheck();
    await e2e.screenshot(page, 'comment-rules-edit-dialog');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(async () => (await ruleId()).trackLinks).toBe(false);
    await page.getByRole('button', { name: /^Edit rule for promo, coupon/ }).click();
    expect(
      await page
        .getByRole('dialog')
        .getByLabel(/^Track links/)
        .isChecked(),
    ).toBe(false);
    await page.getByRole('button', { name: 'Cancel' }).click();

    // Delete asks first; "Keep it" keeps the rule.
    await page.getByRole('button', { name: /^Delete rule for promo, coupon/ }).click();
    await page.getByRole('dialog').getByText('Delete this rule?').waitFor();
    await page.getByRole('button', { name: 'Keep it' }).click();
    expect(await page.getByRole('button', { name: /^Delete rule for promo, coupon/ }).count()).toBe(1);
    await page.getByRole('button', { name: /^Delete rule for promo, coupon/ }).click();
    await page.getByRole('button', { name: 'Delete rule', exact: true }).click();
    await expect.poll(() => page.getByRole('button', { name: /^Delete rule for promo, coupon/ }).count()).toBe(0);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(300);
    await e2e.screenshot(page, 'comment-rules-phone');
    await page.setViewportSize({ width: 1440, height: 1000 });
    await page.evaluate(() => localStorage.setItem('replypilot-theme', 'dark'));
    await page.reload();
    await page.getByRole('button', { name: 'Create Rule' }).waitFor();
    await e2e.screenshot(page, 'comment-rules-dark');
  });
});
