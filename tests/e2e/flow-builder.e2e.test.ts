import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Flow } from '../../contracts/flows';
import { screenshotDir, startE2E, type E2E } from './harness';

// Building a flow by palette clicks and the keyboard only: each new node lands below the selected
// one and is wired to it; one trigger; undo/redo, copy/paste, shift-click multi-select, auto-layout;
// a save against a flow changed elsewhere says so. Then the builder's ergonomics: settings in place of
// the palette, "+" on every free exit, drops on a node's body, refused connections that say why, one
// undo per delete, zoom steps of 1.2, the view following new nodes, full screen, and Start warning about
// keyword clashes. Screenshots desktop, phone (390 px) and dark.

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
const zoomOf = (page: Page) => page.locator('.react-flow__viewport').evaluate((el) => new DOMMatrixReadOnly(getComputedStyle(el).transform).a);
const centre = async (page: Page, selector: string) => {
  const box = (await page.locator(selector).boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
};
/** A mouse drag from one point to another in small steps, as a person drags. */
async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (let i = 1; i <= 10; i += 1) await page.mouse.move(from.x + ((to.x - from.x) * i) / 10, from.y + ((to.y - from.y) * i) / 10);
  await page.mouse.up();
}

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
    // A second trigger is refused with the reason.
    await expect.poll(() => page.locator('button[data-kind="trigger"]').isDisabled()).toBe(true);
    await page.getByText('This flow already has its trigger').waitFor();

    // 1 trigger → 2 DM → 3 delay → 4 DM → 5 complete, each added after the selected one.
    await node(page, '1').click();
    await page.getByLabel('Starts when').selectOption('keyword_dm');
    await page.getByLabel('Keywords', { exact: true }).fill('menu');
    await page.getByLabel('Keywords', { exact: true }).press('Enter');
    // Trigger only: nothing to go live with yet.
    await page.getByTestId('flow-empty').waitFor();
    expect(await page.getByTestId('flow-valid').count()).toBe(0);
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

  it('settings in place of the palette, "+" on the No branch, body drops, refused connections, one-step delete, zoom 1.2, follow, full screen, and Start warns of a clash', async () => {
    const page = await e2e.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    expect((await page.request.post('/api/auth/test-login', { data: { email: 'e2e-ergonomics@replypilot.app' } })).status()).toBe(200);
    // A live flow already answers "menu" in DMs: this one will clash with it.
    const other = await page.request.post('/api/flows', {
      data: {
        name: 'Menu bot',
        platform: 'multi',
        isActive: true,
        flowData: {
          nodes: [
            {
              id: '1',
              type: 'default',
              position: { x: 0, y: 0 },
              data: { label: 'Start', kind: 'trigger', config: { type: 'keyword_dm', keywords: ['menu'] } },
            },
            { id: '2', type: 'default', position: { x: 0, y: 150 }, data: { label: 'DM', kind: 'instagramDM', config: { text: 'Our menu' } } },
          ],
          edges: [{ id: 'e1-2', source: '1', target: '2' }],
        },
      },
    });
    expect(other.status()).toBe(201);

    // From the flows list, as a newcomer would: the page's heading is the flow's name.
    await page.goto('/flows');
    await page
      .getByRole('link', { name: /New Flow|Create Flow/ })
      .first()
      .click();
    await page.waitForURL(/\/flow-builder$/);
    await page.getByRole('heading', { level: 1 }).locator('input[aria-label="Flow name"]').fill('Ergonomics (e2e)');

    // A keyword DM trigger without keywords is flagged in plain English.
    await node(page, '1').click();
    const panel = page.getByRole('complementary', { name: 'Flow editor panel' });
    await panel.getByText('Add at least one keyword: without one, this flow would start for every DM the account receives').waitFor();
    // The selected node's settings are at the top of the panel, in place of the palette.
    expect(await panel.locator('section').first().getAttribute('aria-label')).toBe('Node Configuration');
    expect(await panel.getByRole('region', { name: 'Add Nodes' }).count()).toBe(0);
    await page.getByLabel('Keywords', { exact: true }).fill('menu');
    await page.getByLabel('Keywords', { exact: true }).press('Enter');
    // The trigger's settings say at once that another live flow listens for "menu".
    await panel.getByTestId('keyword-clash').filter({ hasText: 'the live flow “Menu bot” listens for “menu” too' }).waitFor();
    await e2e.screenshot(page, 'flow-builder-selected-node');

    // Condition → DM on its Yes branch; then the "+" on its free No branch adds Complete there.
    await add(page, 'condition', '2');
    await add(page, 'instagramDM', '3');
    await page.getByLabel('Message', { exact: true }).fill('Here you go');
    await page.getByRole('button', { name: 'Add a step after Conditional (No branch)' }).click();
    await panel.getByRole('region', { name: /Add a step after “Conditional”, No branch/ }).waitFor();
    await panel.locator('button[data-kind="complete"]').click();
    await expect.poll(() => edgeIds(page)).toEqual(['e1-2', 'e2-no-4', 'e2-yes-3']);
    // The DM's single free exit has its "+"; the Condition's exits are all taken now.
    expect(await page.getByRole('button', { name: 'Add a step after Instagram DM' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: /Add a step after Conditional/ }).count()).toBe(0);

    // A drag from the DM's exit released on Complete's body (not its small handle) connects.
    await tool(page, 'Fit view').click();
    await page.waitForTimeout(300);
    await drag(
      page,
      await centre(page, '.react-flow__node[data-id="3"] .react-flow__handle.source'),
      await centre(page, '.react-flow__node[data-id="4"] p[title]'),
    );
    await expect.poll(() => edgeIds(page)).toEqual(['e1-2', 'e2-no-4', 'e2-yes-3', 'e3-4']);
    // Into the trigger is refused, and says why.
    await drag(
      page,
      await centre(page, '.react-flow__node[data-id="3"] .react-flow__handle.source'),
      await centre(page, '.react-flow__node[data-id="1"] p[title]'),
    );
    await page.getByTestId('connection-refused').filter({ hasText: 'Nothing can connect into the Trigger' }).waitFor();
    await e2e.screenshot(page, 'flow-builder-refused-connection');
    await page.keyboard.press('Escape');

    // Backspace deletes the DM and both its edges; ONE undo brings all three back.
    await node(page, '3').click();
    await page.keyboard.press('Backspace');
    await expect.poll(() => page.locator('.react-flow__node').count()).toBe(3);
    await expect.poll(() => edgeIds(page)).toEqual(['e1-2', 'e2-no-4']);
    await page.keyboard.press(`${mod}+z`);
    await expect.poll(() => page.locator('.react-flow__node').count()).toBe(4);
    await expect.poll(() => edgeIds(page)).toEqual(['e1-2', 'e2-no-4', 'e2-yes-3', 'e3-4']);

    // Zoom steps are 1.2; zoomed in, each new step stays in view (the canvas follows it).
    const before = await zoomOf(page);
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(async () => (await zoomOf(page)) / before).toBeCloseTo(1.2, 2);
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await page.waitForTimeout(300);
    const canvas = (await page.locator('.react-flow').boundingBox())!;
    // The undo brought the DM back selected: new steps attach below it.
    await expect.poll(() => page.locator('.react-flow__node.selected').getAttribute('data-id')).toBe('3');
    for (const [kind, id] of [
      ['addTag', '5'],
      ['delay', '6'],
      ['webhook', '7'],
    ] as const) {
      await add(page, kind, id);
      await page.waitForTimeout(400);
      const box = (await node(page, id).boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(canvas.y + canvas.height);
      expect(box.y).toBeGreaterThanOrEqual(canvas.y);
    }
    // A new webhook's empty URL is not an error yet: only once the field is left empty.
    const url = page.getByLabel('URL', { exact: true });
    expect(await url.getAttribute('aria-invalid')).toBeNull();
    await url.focus();
    await url.blur();
    await expect.poll(() => url.getAttribute('aria-invalid')).toBe('true');
    // Take the three steps back off (one undo each).
    for (let i = 0; i < 3; i += 1) await tool(page, 'Undo').click();
    await expect.poll(() => page.locator('.react-flow__node').count()).toBe(4);
    await page.getByTestId('flow-valid').waitFor();

    // Full screen gives the canvas the window; Escape gives it back.
    await tool(page, 'Fit view').click();
    const narrow = (await page.locator('.react-flow').boundingBox())!.width;
    await tool(page, 'Full screen').click();
    await expect.poll(async () => (await page.locator('.react-flow').boundingBox())!.width).toBeGreaterThan(narrow + 200);
    await page.waitForTimeout(300);
    await e2e.screenshot(page, 'flow-builder-full-screen');
    await page.keyboard.press('Escape');
    await expect.poll(async () => (await page.locator('.react-flow').boundingBox())!.width).toBeLessThan(narrow + 50);

    // Start asks first and names who answers "menu"; Start anyway publishes.
    await page.getByRole('button', { name: 'Start', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Start this flow?').waitFor();
    expect(await dialog.textContent()).toContain('Both flows start, so the contact gets the messages of both.');
    await page.screenshot({ path: path.join(screenshotDir, 'flow-builder-start-clash.png') });
    await dialog.getByRole('button', { name: 'Start anyway' }).click();
    await page.getByText(/Version 1 is live now/).waitFor();

    await page.evaluate(() => localStorage.setItem('replypilot-theme', 'dark'));
    await page.reload();
    await node(page, '2').click();
    await page.waitForTimeout(300);
    await e2e.screenshot(page, 'flow-builder-selected-node-dark');
    expect(errors).toEqual([]);
  });
});
