import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Flow } from '../../contracts/flows';
import { screenshotDir, startE2E, type E2E } from './harness';

// Building a flow by palette clicks and the keyboard only: each new node lands below the selected
// one and is wired to it; one trigger; undo/redo, copy/paste, shift-click multi-select, auto-layout;
// a save against a flow changed elsewhere says so. Screenshots desktop, phone (390 px) and dark.

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.stop();
});

const node = (page: Page, id: string) => page.locator(`.react-flow__node[data-id="${id}"]`);
const mod = process.platform === 'darwin' ? 'Meta' : 'Control';
const tool = (page: Page, name: string) => page.getByRole('toolbar', { name: 'Canvas tools' }).getByRole('button', { name, exact: true });
const edgeIds = (page: Page) => page.locator('.react-flow__edge').evaluateAll((els) => els.map((e) => e.getAttribute('data-id')).sort());

async function add(page: Page, kind: string, id: string) {
  await page.locator(`button[data-kind="${kind}"]`).click();
  await page.locator(`[data-config-node-id="${id}"]`).waitFor();
}

describe('flow builder by clicks and keyboard', () => {
  it('builds a 5-node flow with auto-connect, undoes and redoes, copies and pastes, and reports a save conflict', async () => {
    const page = await e2e.newPage();
    await page.setViewportSize({ width: 1440, height: 1000 });
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    expect((await page.request.post('/api/auth/test-login', { data: { email: 'e2e-builder@replypilot.app' } })).status()).toBe(200);

    await page.goto('/flow-builder');
    await page.getByLabel('Flow name').fill('Keyboard flow (e2e)');
    // Trigger only: nothing to go live with yet; a second trigger is refused with the reason.
    await page.getByTestId('flow-empty').waitFor();
    expect(await page.getByTestId('flow-valid').count()).toBe(0);
    await expect.poll(() => page.locator('button[data-kind="trigger"]').isDisabled()).toBe(true);
    await page.getByText('This flow already has its trigger').waitFor();

    // 1 trigger → 2 DM → 3 delay → 4 DM → 5 complete, each added after the selected one.
    await node(page, '1').click();
    await page.getByLabel('Starts when').selectOption('keyword_dm');
    await page.getByLabel('Keywords', { exact: true }).fill('menu');
    await page.getByLabel('Keywords', { exact: true }).press('Enter');
    await add(page, 'instagramDM', '2');
    await page.getByLabel('Message', { exact: true }).fill('Here is the menu, {first_name}.');
    await add(page, 'delay', '3');
    await page.getByLabel('Wait for', { exact: true }).fill('5');
    await page.getByLabel('Wait for', { exact: true }).press('Tab');
    await add(page, 'instagramDM', '4');
    await page.getByLabel('Message', { exact: true }).fill('Anything else?');
    await add(page, 'complete', '5');
    await expect.poll(() => edgeIds(page)).toEqual(['e1-2', 'e2-3', 'e3-4', 'e4-5']);
    await page.getByTestId('flow-valid').waitFor();
    // The nodes do not overlap: each sits below the previous one.
    const ys = await Promise.all(['1', '2', '3', '4', '5'].map(async (id) => (await node(page, id).boundingBox())!.y));
    for (let i = 1; i < ys.length; i += 1) expect(ys[i]!).toBeGreaterThan(ys[i - 1]!);
    await tool(page, 'Fit view').click();
    await page.waitForTimeout(300);
    await e2e.screenshot(page, 'flow-builder-desktop');

    // Undo the Complete node, redo it (keyboard, focus on the canvas).
    await node(page, '5').click();
    await page.keyboard.press(`${mod}+z`);
    await expect.poll(() => page.locator('.react-flow__node').count()).toBe(4);
    await expect.poll(() => edgeIds(page)).toEqual(['e1-2', 'e2-3', 'e3-4']);
    await page.keyboard.press(`${mod}+Shift+z`);
    await expect.poll(() => page.locator('.react-flow__node').count()).toBe(5);
    await expect.poll(() => edgeIds(page)).toEqual(['e1-2', 'e2-3', 'e3-4', 'e4-5']);

    // Shift-click selects DM 2 and Delay 3 together; copy and paste brings both back with their edge.
    await node(page, '2').click();
    await node(page, '3').click({ modifiers: ['Shift'] });
    await expect.poll(() => page.locator('.react-flow__node.selected').count()).toBe(2);
    await page.keyboard.press(`${mod}+c`);
    await page.keyboard.press(`${mod}+v`);
    await expect.poll(() => page.locator('.react-flow__node').count()).toBe(7);
    await expect.poll(() => edgeIds(page)).toEqual(['e1-2', 'e2-3', 'e3-4', 'e4-5', 'e6-7']);
    expect(await node(page, '6').textContent()).toContain('Here is the menu');
    // Undo the paste; the toolbar's Undo and Redo work the same.
    await tool(page, 'Undo').click();
    await expect.poll(() => page.locator('.react-flow__node').count()).toBe(5);
    await tool(page, 'Redo').click();
    await expect.poll(() => page.locator('.react-flow__node').count()).toBe(7);
    await tool(page, 'Undo').click();
    await expect.poll(() => page.locator('.react-flow__node').count()).toBe(5);

    // Auto-layout keeps everything in one column under the trigger.
    await tool(page, 'Auto-layout').click();
    await page.waitForTimeout(400);
    const xs = await Promise.all(['1', '2', '3', '4', '5'].map(async (id) => Math.round((await node(page, id).boundingBox())!.x)));
    expect(new Set(xs).size).toBe(1);

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(/\/flows\/[0-9a-f-]{36}$/);
    const flowId = new URL(page.url()).pathname.split('/').pop()!;
    const saved = (await (await page.request.get(`/api/flows/${flowId}`)).json()) as Flow;
    expect(saved.flowData.nodes.map((n) => n.data.kind)).toEqual(['trigger', 'instagramDM', 'delay', 'instagramDM', 'complete']);
    expect(saved.flowData.edges.map((e) => `${e.source}->${e.target}`)).toEqual(['1->2', '2->3', '3->4', '4->5']);

    // Another tab saves meanwhile: this tab's save is refused and offers a reload.
    const other = { name: 'Renamed elsewhere', description: '', platform: saved.platform, flowData: saved.flowData, isActive: false };
    expect((await page.request.put(`/api/flows/${flowId}`, { data: other })).status()).toBe(200);
    await page.getByLabel('Flow name').fill('Keyboard flow, edited');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'changed in another tab' }).waitFor();
    await e2e.screenshot(page, 'flow-builder-conflict');
    await page.getByRole('button', { name: 'Reload latest' }).click();
    await expect.poll(() => page.getByLabel('Flow name').inputValue()).toBe('Renamed elsewhere');
    expect(await page.getByRole('alert').filter({ hasText: 'changed in another tab' }).count()).toBe(0);

    // Phone and dark.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(300);
    await e2e.screenshot(page, 'flow-builder-phone');
    await page.setViewportSize({ width: 1440, height: 1000 });
    await page.evaluate(() => localStorage.setItem('replypilot-theme', 'dark'));
    await page.reload();
    await node(page, '5').waitFor();
    await page.waitForTimeout(300);
    await e2e.screenshot(page, 'flow-builder-dark');
    expect(errors).toEqual([]);
  });

  it('adds a Capture Lead step from the palette: its form, its summary, and a flow that can go live', async () => {
    const page = await e2e.newPage();
    await page.setViewportSize({ width: 1440, height: 1000 });
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    expect((await page.request.post('/api/auth/test-login', { data: { email: 'e2e-capture@replypilot.app' } })).status()).toBe(200);

    await page.goto('/flow-builder');
    await page.getByLabel('Flow name').fill('Capture lead (e2e)');
    await node(page, '1').click();
    await page.getByLabel('Starts when').selectOption('keyword_dm');
    await page.getByLabel('Keywords', { exact: true }).fill('newsletter');
    await page.getByLabel('Keywords', { exact: true }).press('Enter');
    await add(page, 'captureLead', '2');
    expect(await node(page, '2').textContent()).toContain('Email from the last message');
    await page.getByLabel('Take the email from').selectOption('template');
    await page.getByLabel('Text', { exact: true }).fill('{field.email}');
    await page.getByLabel('Lead name (optional)').fill('{name}');
    await expect.poll(async () => node(page, '2').textContent()).toContain('Email from {field.email}');
    await add(page, 'complete', '3');
    await page.getByTestId('flow-valid').waitFor();
    await node(page, '2').click();
    await tool(page, 'Fit view').click();
    await page.waitForTimeout(300);
    await e2e.screenshot(page, 'flow-builder-capture-lead');
    // The side panel scrolls on its own: a shot of the node's form itself.
    await page.locator('[data-config-node-id="2"]').screenshot({ path: path.join(screenshotDir, 'flow-builder-capture-lead-form.png') });
    expect(errors).toEqual([]);
  });
});
