import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { edge, keywordTrigger, node } from '../support/flows';
import { useE2E } from '../support/use-e2e';

// /automation lists the workspace's published flows (name → editor, run counts → its runs) and
// comment rules, each Active or Paused, from real rows; a list with nothing in it says what to do.

const app = useE2E();

async function publishFlow(page: Page, name: string) {
  const graph = { nodes: [keywordTrigger(['price']), node('2', 'instagramDM', { text: 'Our price list is on its way' })], edges: [edge('1', '2')] };
  const res = await page.request.post('/api/flows', { data: { name, platform: 'multi', flowData: graph, isActive: true } });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function addRule(page: Page, keywords: string[]) {
  const res = await page.request.post('/api/comment-rules', { data: { platform: 'instagram', keywords, responseTemplate: 'Here it is' } });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function shots(page: Page, name: string) {
  await app.e2e.screenshot(page, name);
  await page.evaluate(() => document.documentElement.classList.add('dark'));
  await page.waitForTimeout(400); // the colours transition
  await app.e2e.screenshot(page, `${name}-dark`);
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
}

it('lists published flows and comment rules with their state, and links each flow to its editor and runs', async () => {
  const page = await app.e2e.newPage();
  const { workspaceId } = await app.register(page, { firstName: 'Otto', lastName: 'Mation' });
  const flowId = await publishFlow(page, 'Price list DM');
  await addRule(page, ['price', 'cost']);
  const paused = await addRule(page, ['link']);
  await app.db.query('update comment_rules set is_active = false where id = $1 and workspace_id = $2', [paused, workspaceId]);

  await page.goto('/automation');
  await page.getByRole('heading', { name: 'Published flows' }).waitFor();
  const flow = page.getByRole('link', { name: 'Price list DM' });
  expect(await flow.getAttribute('href')).toBe(`/flows/${flowId}`);
  const runs = page.getByRole('link', { name: '0 runs · 0 live · 0 failed' });
  expect(await runs.getAttribute('href')).toBe(`/runs?flowId=${flowId}`);
  await page.getByText('instagram: price, cost').waitFor();
  await page.getByText('instagram: link').waitFor();
  expect(await page.getByText('Active', { exact: true }).count()).toBe(2); // the flow and the first rule
  expect(await page.getByText('Paused', { exact: true }).count()).toBe(1);
  await page.getByTestId('paused-summary').getByText('0 flow(s) and 1 comment rule(s) are paused.').waitFor();
  // Each card is a list named by its heading, one item a flow or rule.
  expect(await page.getByRole('list', { name: 'Published flows' }).getByRole('listitem').allInnerTexts()).toEqual([
    expect.stringMatching(/^Price list DM\s+0 runs · 0 live · 0 failed\s+Active$/),
  ]);
  expect(await page.getByRole('list', { name: 'Comment rules' }).getByRole('listitem').allInnerTexts()).toEqual([
    expect.stringMatching(/^instagram: price, cost\s+Active$/i),
    expect.stringMatching(/^instagram: link\s+Paused$/i),
  ]);
  await shots(page, 'automation-lists');
  await page.setViewportSize({ width: 390, height: 844 });
  await shots(page, 'automation-lists-phone');
});

it('a workspace with rules but no published flow is told how to build one', async () => {
  const page = await app.e2e.newPage();
  await app.register(page, { firstName: 'Rita', lastName: 'Rules' });
  await addRule(page, ['discount']);
  await page.goto('/automation');
  await page.getByText('No published flow yet.').waitFor();
  expect(await page.getByRole('list', { name: 'Published flows' }).count()).toBe(0);
  expect(await page.getByRole('link', { name: 'Build one' }).getAttribute('href')).toBe('/flows');
  await page.getByText('instagram: discount').waitFor();
  await shots(page, 'automation-no-flows');
});
