import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshotDir, startE2E, type E2E } from './harness';

// Comment rules: a keyword a live flow already answers is flagged while it is typed, before the rule
// is saved (with who wins and why); a rule older rules leave nothing to answer cannot be created; a
// rule can be edited (keywords, Track links); delete asks first; the Simulator says at once when
// nothing will answer a comment, and which keywords would. Screenshots desktop, phone (390 px) and dark.

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
    // Before anything is saved: who answers "discount", and why.
    const warning = page.getByTestId('keyword-clash');
    await warning.waitFor();
    expect(await warning.textContent()).toContain(
      '“discount”: the live flow “Discount flow” listens for “discount”. Rules answer before flows, so this rule answers and the flow is not started for those comments.',
    );
    await e2e.screenshot(page, 'comment-rules-clash');
    await page.getByRole('button', { name: 'Create Rule' }).click();
    await page.getByRole('button', { name: /^Edit rule for discount, promo/ }).waitFor();

    // A rule whose every keyword an older rule answers first could never fire: Create is refused, with why.
    await page.getByPlaceholder('e.g. price, link, info').fill('promo');
    await page.getByLabel('Response template (private reply DM)').fill('Never sent');
    await page
      .getByTestId('never-fires')
      .filter({ hasText: 'This rule could never answer a comment: older rules answer every comment it matches first — “promo” (rule “discount, promo”)' })
      .waitFor();
    expect(await page.getByRole('button', { name: 'Create Rule' }).isDisabled()).toBe(true);
    await e2e.screenshot(page, 'comment-rules-never-fires');
    await page.getByPlaceholder('e.g. price, link, info').fill('');
    await page.getByLabel('Response template (private reply DM)').fill('');

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

    // The Simulator, from the sidebar: a comment nothing answers says so at once, and which keywords would.
    await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Simulator' }).click();
    await page.getByRole('button', { name: 'Comment on this post' }).first().click();
    await page.getByPlaceholder("Write a comment… try a rule's keyword").fill('Gorgeous colours!');
    await page.getByRole('button', { name: 'Comment', exact: true }).click();
    const nothing = page.getByTestId('sim-nothing-matched');
    await nothing.waitFor({ timeout: 5_000 });
    // The demo workspace's own rules and flows are listed too; the live "Discount flow" among them.
    expect(await nothing.textContent()).toMatch(
      /^Nothing will answer this: no keyword matched “Gorgeous colours!”\. Active keywords for Instagram comments on this post: .*\bdiscount\b/,
    );
    await nothing.scrollIntoViewIfNeeded();
    // The viewport: full-page shots misplace the sticky top bar.
    await page.screenshot({ path: path.join(screenshotDir, 'simulator-nothing-matched.png') });
    // Dark: the theme as a user sets it (the comment list is the page's own, so comment again).
    await page.evaluate(() => localStorage.setItem('replypilot-theme', 'dark'));
    await page.reload();
    await page.getByPlaceholder("Write a comment… try a rule's keyword").fill('Gorgeous colours!');
    await page.getByRole('button', { name: 'Comment', exact: true }).click();
    await nothing.waitFor({ timeout: 5_000 });
    await nothing.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(screenshotDir, 'simulator-nothing-matched-dark.png') });
    await page.evaluate(() => localStorage.setItem('replypilot-theme', 'light'));
    await page.goto('/comment-growth');

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
