import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Flow, RunList } from '../../contracts/flows';
import type { OutboxItem } from '../../contracts/simulator';
import { startE2E, type E2E } from './harness';

// Flow builder E2E: draw keyword DM trigger → Instagram DM → Delay 1 s → Condition (last message
// contains "hello", Yes) → Instagram DM → Complete on the canvas, Save, Start; DM the keyword from a
// sandbox contact in the Simulator; both DMs arrive and /runs shows the run completed.

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});

afterAll(async () => {
  await e2e?.stop();
});

async function signIn(page: Page) {
  const res = await page.request.post('/api/auth/test-login', { data: { email: 'e2e-demo@replypilot.app' } });
  expect(res.status()).toBe(200);
}

const node = (page: Page, id: string) => page.locator(`.react-flow__node[data-id="${id}"]`);

async function center(locator: Locator): Promise<{ x: number; y: number }> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('element has no box');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/**
 * Drags a node by its title bar so its top-left corner lands at (x, y) inside the canvas (as the view was when the trigger was placed). The
 * column sits right of the problems panel (top left) and left of the minimap (bottom right).
 */
async function placeNode(page: Page, id: string, x: number, y: number) {
  const canvas = await page.locator('.react-flow').boundingBox();
  const box = await node(page, id).boundingBox();
  if (!canvas || !box) throw new Error('canvas or node not visible');
  // The trigger is placed first, at (400, 20); the others relative to where it is now, since the
  // view may have panned in between (it follows each new node).
  const trigger = id === '1' ? null : await node(page, '1').boundingBox();
  const origin = trigger ? { x: trigger.x - 400, y: trigger.y - 20 } : { x: canvas.x, y: canvas.y };
  // New nodes land at a random spot (docs/product-spec.md §9), possibly under the minimap: grab a visible part.
  const minimap = await page.locator('.react-flow__minimap').boundingBox();
  const under = (p: { x: number; y: number }) =>
    minimap !== null && p.x >= minimap.x && p.x <= minimap.x + minimap.width && p.y >= minimap.y && p.y <= minimap.y + minimap.height;
  const candidates = [
    { x: box.x + 50, y: box.y + 14 },
    { x: box.x + 12, y: box.y + 14 },
    { x: box.x + 12, y: box.y + box.height - 12 },
  ];
  const grab = candidates.find((p) => !under(p)) ?? candidates[0]!;
  await page.mouse.move(grab.x, grab.y);
  await page.mouse.down();
  await page.mouse.move(origin.x + x + (grab.x - box.x), origin.y + y + (grab.y - box.y), { steps: 12 });
  await page.mouse.up();
}

/** Drags from a node's source handle (optionally a named branch) onto another node's target handle. */
async function connect(page: Page, from: string, to: string, branch?: string) {
  const source = node(page, from).locator(branch ? `.react-flow__handle.source[data-handleid="${branch}"]` : '.react-flow__handle.source');
  const target = node(page, to).locator('.react-flow__handle.target');
  const a = await center(source);
  const b = await center(target);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 8 });
  await page.mouse.move(b.x, b.y, { steps: 8 });
  await page.mouse.up();
  const handle = branch ? `-${branch}` : '';
  // Attached, not visible: a perfectly vertical edge has a zero-width box.
  await page.locator(`.react-flow__edge[data-id="e${from}${handle}-${to}"]`).waitFor({ state: 'attached' });
}

/** Palette click: the new node is selected, its configuration open, and the view done following it (it may pan). */
async function addNode(page: Page, kind: string, expectedId: string) {
  await page.locator(`button[data-kind="${kind}"]`).click();
  await node(page, expectedId).waitFor();
  await page.locator(`[data-config-node-id="${expectedId}"]`).waitFor();
  const transform = () => page.locator('.react-flow__viewport').evaluate((el) => getComputedStyle(el).transform);
  let last = '';
  await expect
    .poll(async () => {
      await page.waitForTimeout(150);
      const now = await transform();
      const still = now === last;
      last = now;
      return still;
    })
    .toBe(true);
}

describe('flow builder → simulator → runs', () => {
  it('a flow drawn on the canvas answers a keyword DM with both DMs and its run completes', async () => {
    const page = await e2e.newPage();
    await page.setViewportSize({ width: 1600, height: 1200 });
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    await signIn(page);

    // A new flow is exactly one Start trigger.
    await page.goto('/flow-builder');
    await page.getByLabel('Flow name').waitFor();
    expect(await page.locator('.react-flow__node').count()).toBe(1);
    await node(page, '1').locator('[data-node-kind="trigger"]').waitFor();
    expect(await page.getByText('Not saved yet').count()).toBe(1);
    await page.getByLabel('Flow name').fill('Hello flow (e2e)');

    // Trigger: keyword DM "hello".
    await placeNode(page, '1', 400, 20);
    await node(page, '1').click();
    await page.locator('[data-config-node-id="1"]').waitFor();
    expect(await page.getByLabel('Starts when').inputValue()).toBe('keyword_dm');
    await page.getByLabel('Keywords', { exact: true }).fill('hello');
    await page.getByLabel('Keywords', { exact: true }).press('Enter');
    await node(page, '1').getByText('Keyword DM: hello').waitFor();

    // Instagram DM.
    await addNode(page, 'instagramDM', '2');
    await placeNode(page, '2', 400, 170);
    await page.getByLabel('Message', { exact: true }).fill('Hi {first_name}, thanks for saying hello!');

    // Delay 1 second.
    await addNode(page, 'delay', '3');
    await placeNode(page, '3', 400, 320);
    await page.getByLabel('Wait for', { exact: true }).fill('1');
    await page.getByLabel('Wait for unit').selectOption('seconds');
    await node(page, '3').getByText('Wait 1 second').waitFor();

    // Condition: last message contains "hello" (Yes → DM, No → Complete).
    await addNode(page, 'condition', '4');
    await placeNode(page, '4', 400, 470);
    await page.getByLabel('Rule 1 subject').selectOption('lastMessage');
    await page.getByLabel('Rule 1 operator').selectOption('contains');
    await page.getByLabel('Rule 1 value').fill('hello');
    await node(page, '4').getByText('Yes', { exact: true }).waitFor();

    // Second Instagram DM on the Yes branch.
    await addNode(page, 'instagramDM', '5');
    await placeNode(page, '5', 400, 640);
    await page.getByLabel('Message', { exact: true }).fill('Here is the follow-up after the delay.');

    // Complete.
    await addNode(page, 'complete', '6');
    await placeNode(page, '6', 400, 790);
    // All of it in view before drawing the edges.
    await page.getByRole('toolbar', { name: 'Canvas tools' }).getByRole('button', { name: 'Fit view', exact: true }).click();
    await page.waitForTimeout(400);

    await connect(page, '1', '2');
    await connect(page, '2', '3');
    await connect(page, '3', '4');
    await connect(page, '4', '5', 'yes');
    await connect(page, '4', '6', 'no');
    await connect(page, '5', '6');

    // The live check (the same compiler Start runs, in the browser) agrees the flow can go live.
    await page.getByTestId('flow-valid').waitFor({ timeout: 10_000 });
    expect(await page.locator('[data-invalid="true"]').count()).toBe(0);
    await node(page, '4').click();
    await page.locator('[data-config-node-id="4"]').waitFor();
    await page.waitForTimeout(300); // the selection ring fades in
    await e2e.screenshot(page, 'flows-builder');

    // Save creates the flow and moves to /flows/:id.
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Flow saved successfully').waitFor();
    await page.waitForURL(/\/flows\/[0-9a-f-]{36}$/);
    const flowId = new URL(page.url()).pathname.split('/').pop()!;
    const saved = (await (await page.request.get(`/api/flows/${flowId}`)).json()) as Flow;
    expect(saved).toMatchObject({ name: 'Hello flow (e2e)', isActive: false, publishedVersion: null });
    expect(saved.flowData.nodes).toHaveLength(6);
    expect(saved.flowData.edges.map((e) => [e.source, e.sourceHandle ?? null, e.target]).sort()).toEqual([
      ['1', null, '2'],
      ['2', null, '3'],
      ['3', null, '4'],
      ['4', 'no', '6'],
      ['4', 'yes', '5'],
      ['5', null, '6'],
    ]);

    // Start publishes: the button becomes a green Stop and the badge says Active.
    await page.getByRole('button', { name: 'Start', exact: true }).click();
    await page.getByRole('button', { name: 'Stop', exact: true }).waitFor();
    await page.getByText('Active', { exact: true }).first().waitFor();
    const started = (await (await page.request.get(`/api/flows/${flowId}`)).json()) as Flow;
    expect(started).toMatchObject({ isActive: true, publishedVersion: 1 });

    // DM the keyword from a new sandbox contact on the Instagram sandbox account.
    const sim = await e2e.newPage();
    await signIn(sim);
    await sim.goto('/simulator');
    await sim.getByRole('heading', { name: 'Simulator', level: 1 }).waitFor();
    await sim
      .getByRole('radiogroup', { name: 'Sandbox account' })
      .getByRole('radio', { name: /Instagram/ })
      .click();
    await sim.getByLabel('Act as contact').selectOption({ label: '+ New contact…' });
    await sim.getByLabel("New contact's name").fill('Hana Hello');
    await sim.getByLabel(/^DM @.+ as @hana_hello$/).fill('hello there!');
    await sim.getByRole('button', { name: 'Send DM' }).click();

    // Both DMs arrive (the second after the 1 s delay and the condition).
    const panel = sim.getByRole('region', { name: 'What your customer sees' });
    await panel.getByText('Hi Hana, thanks for saying hello!').waitFor({ timeout: 20_000 });
    await panel.getByText('Here is the follow-up after the delay.').waitFor({ timeout: 20_000 });
    const outbox = (await (await sim.request.get('/api/simulator/outbox')).json()) as OutboxItem[];
    const toHana = outbox.filter((o) => o.recipientExternalId === 'sim-hana-hello');
    expect(toHana.map((o) => o.text).sort()).toEqual(['Here is the follow-up after the delay.', 'Hi Hana, thanks for saying hello!']);

    // /runs lists the run as completed; its detail shows the timeline.
    await expect
      .poll(
        async () => {
          const list = (await (await page.request.get(`/api/runs?flowId=${flowId}`)).json()) as RunList;
          return list.runs.map((r) => r.status);
        },
        { timeout: 20_000 },
      )
      .toEqual(['completed']);
    await page.goto('/runs');
    const row = page.locator('li[data-status="completed"]').filter({ hasText: 'Hana Hello' });
    await row.waitFor();
    expect(await row.getByText('Hello flow (e2e)').count()).toBe(1);
    await page.getByLabel('Status').selectOption('failed');
    await page.getByText('No run matches these filters.').waitFor();
    await page.getByLabel('Status').selectOption('completed');
    await row.click();
    await page.waitForURL(/\/runs\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: 'Hello flow (e2e)', level: 1 }).waitFor();
    const steps = page.getByRole('list', { name: 'Steps' }).locator(':scope > li');
    await steps.first().waitFor();
    expect(await steps.count()).toBeGreaterThanOrEqual(5);
    expect(await page.locator('li[data-status="failed"]').count()).toBe(0);
    // Completed runs cannot be cancelled or retried; they can be replayed.
    expect(await page.getByRole('button', { name: 'Cancel run' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Retry from failed step' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Replay from start' }).waitFor();
    await e2e.screenshot(page, 'flows-run-detail');

    // The flow list shows it active, on version 1, with its run.
    await page.goto('/flows');
    const card = page.locator(`[data-flow-id="${flowId}"]`);
    await card.getByText('Active', { exact: true }).waitFor();
    await card.getByText('Published v1').waitFor();
    await card.getByText('1 completed').waitFor();
    expect(errors).toEqual([]);
  });

  it('Start stays disabled with the problems listed while the graph is invalid; Backspace deletes a node', async () => {
    const page = await e2e.newPage();
    await signIn(page);
    await page.goto('/flow-builder');
    await page.getByLabel('Flow name').waitFor();
    await page.locator('button[data-kind="instagramDM"]').click();
    await node(page, '2').waitFor();

    // The empty DM (wired to the trigger by the palette) is flagged on the node and Start is refused with the reasons.
    await page.getByRole('region', { name: 'Problems' }).waitFor({ timeout: 10_000 });
    await node(page, '2').locator('[data-invalid="true"]').waitFor();
    const start = page.getByRole('button', { name: 'Start', exact: true });
    expect(await start.isDisabled()).toBe(true);
    // A disabled button gets no pointer events: its wrapper shows the reasons on hover.
    await start.locator('..').hover();
    expect(await page.getByRole('tooltip').textContent()).toContain('Fix these before starting');
    await e2e.screenshot(page, 'flows-builder-problems');
    await page.locator('[data-config-node-id="2"]').getByText('Message text is required').waitFor();

    // Backspace removes the selected node; only the trigger is left. The palette already selected
    // it; focus it from the keyboard (a random drop position may sit under the minimap).
    expect(await node(page, '2').getAttribute('class')).toContain('selected');
    await node(page, '2').focus();
    await page.keyboard.press('Backspace');
    await expect.poll(() => page.locator('.react-flow__node').count()).toBe(1);
  });

  it("an Instagram DM in a Twitter flow is flagged while editing, from the flow's platform, without asking the server", async () => {
    const page = await e2e.newPage();
    const validateCalls: string[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname === '/api/flows/validate') validateCalls.push(req.url());
    });
    await signIn(page);
    await page.goto('/flow-builder');
    await page.getByLabel('Flow name').waitFor();
    await page.getByLabel('Platform', { exact: true }).selectOption('twitter');
    await page.locator('button[data-kind="instagramDM"]').click();
    await node(page, '2').waitFor();

    // This once passed live (checked as 'multi') and failed only at Start.
    const mismatch = "Instagram DM can't send in a Twitter flow";
    const problems = page.getByRole('region', { name: 'Problems' });
    await problems.getByText(mismatch).waitFor();
    await page.locator('[data-config-node-id="2"]').getByRole('alert').getByText(mismatch).waitFor();
    await e2e.screenshot(page, 'flows-builder-channel-mismatch');

    // Back to every platform (the flow's settings, once no step is selected): that problem goes, the others (empty, unconnected DM) stay.
    await page.getByRole('button', { name: 'Done', exact: true }).click();
    await page.getByLabel('Platform', { exact: true }).selectOption('multi');
    await expect.poll(() => problems.getByText(mismatch).count()).toBe(0);
    expect(await node(page, '2').locator('[data-invalid="true"]').count()).toBe(1);
    expect(validateCalls).toEqual([]);
  });
});
