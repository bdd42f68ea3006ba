import { describe, expect, it } from 'vitest';
import type { FlowNode, NodeKind } from '../../contracts/flows';
import { useE2E } from '../support/use-e2e';

// The builder's panels for Ask a Question and for a DM's buttons and profile quick replies: opened
// from the canvas of a published flow, checked and screenshotted (tests/e2e/screenshots/); and the
// Follow gate's, from its template.
const app = useE2E();

const at = (id: string, kind: NodeKind, x: number, y: number, config: Record<string, unknown>, label: string): FlowNode => ({
  id,
  type: 'default',
  position: { x, y },
  data: { label, kind, config },
});

describe('Ask a Question and DM buttons in the builder', () => {
  it('shows the node with its three exits and its panel; a DM node edits buttons and profile quick replies', async () => {
    const page = await app.e2e.newPage();
    await app.register(page, { firstName: 'Ari', lastName: 'Ask' });
    const graph = {
      nodes: [
        at('1', 'trigger', 260, 40, { type: 'keyword_dm', keywords: ['guide'], accountId: null, postId: null }, 'Start'),
        at(
          '2',
          'askQuestion',
          260,
          200,
          { question: 'Your email?', retryMessage: 'Not an email, again?', retries: 2, timeout: { amount: 1, unit: 'hours' }, saveAs: 'email' },
          'Ask for email',
        ),
        at(
          '3',
          'instagramDM',
          60,
          380,
          { text: 'Here you go', buttons: [{ type: 'web_url', title: 'Open guide', url: 'https://example.com/g' }] },
          'Send guide',
        ),
        at('4', 'complete', 400, 380, {}, 'Complete'),
      ],
      edges: [
        { id: 'e1-2', source: '1', target: '2', sourceHandle: null },
        { id: 'e2-a-3', source: '2', target: '3', sourceHandle: 'answered' },
        { id: 'e2-i-4', source: '2', target: '4', sourceHandle: 'invalid' },
        { id: 'e2-t-4', source: '2', target: '4', sourceHandle: 'timeout' },
        { id: 'e3-4', source: '3', target: '4', sourceHandle: null },
      ],
    };
    const created = await page.request.post('/api/flows', { data: { name: 'Ask (e2e)', platform: 'instagram', flowData: graph, isActive: true } });
    expect(created.status()).toBe(201);
    const flowId = ((await created.json()) as { id: string }).id;

    await page.goto('/flows');
    await page.getByText('Ask (e2e)').first().click();
    await page.waitForURL(`**/flows/${flowId}`);
    const ask = page.locator('.react-flow__node[data-id="2"]');
    await ask.waitFor();
    await page.locator('button[data-kind="askQuestion"]').waitFor();
    await ask.getByText('Invalid', { exact: true }).waitFor();
    await ask.click();
    await page.locator('[data-config-node-id="2"]').waitFor();
    expect(await page.getByLabel('Save the answer to field').inputValue()).toBe('email');
    expect(await page.getByLabel('Ask again at most (times)').inputValue()).toBe('2');
    await page.getByLabel(/Offer the email on their profile/).waitFor();
    await page.waitForTimeout(300);
    await app.e2e.screenshot(page, 'ask-question-node');

    await page.locator('.react-flow__node[data-id="3"]').click();
    await page.locator('[data-config-node-id="3"]').waitFor();
    expect(await page.getByLabel('Button 1 link').inputValue()).toBe('https://example.com/g');
    await page.getByRole('button', { name: '+ Add button' }).click();
    await page.getByLabel('Button 2 kind').selectOption('postback');
    await page.getByLabel('Button 2 title').fill('More tips');
    await page.getByLabel('Button 2 title').scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    await app.e2e.screenshot(page, 'dm-buttons');

    // The "Follow to get the link" template, activated from its card, opens in the builder with the
    // Follow gate's three exits and its panel, which says what Instagram allows.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/templates');
    await page.getByRole('button', { name: 'Activate Follow to get the link', exact: true }).click();
    await page.waitForURL(/\/flows\/[0-9a-f-]{36}$/);
    const gate = page.locator('.react-flow__node[data-id="2"]');
    await gate.waitFor();
    await gate.getByText('No follow', { exact: true }).waitFor();
    await gate.click();
    await page.locator('[data-config-node-id="2"]').waitFor();
    expect(await page.getByLabel('Button', { exact: true }).inputValue()).toBe("I'm following");
    expect(await page.getByLabel('Check again at most (times)').inputValue()).toBe('2');
    await page.getByText('What Instagram allows').scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    await app.e2e.screenshot(page, 'follow-gate-node');

    // The Simulator says whether the simulated person follows the sandbox Instagram account.
    await page.goto('/simulator');
    await page
      .getByRole('radiogroup', { name: 'Sandbox account' })
      .getByRole('radio', { name: /Instagram/ })
      .click();
    const follows = page.getByLabel(/follows @.+ \(what a Follow gate checks\)/);
    expect(await follows.isChecked()).toBe(false);
    await follows.click();
    await expect.poll(() => follows.isChecked()).toBe(true);
    expect(((await (await page.request.get('/api/simulator')).json()) as { follows: unknown[] }).follows).toHaveLength(1);
    await app.e2e.screenshot(page, 'simulator-follows');
  });
});
